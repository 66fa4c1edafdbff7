/**
 * The API reference: the served document passes `redocly lint` (recommended rules) with no error,
 * names and summarises every operation, and marks exactly the auth hook's public routes public.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/fixtures.js';
import { PUBLIC_ROUTES } from './auth/plugin.js';
import { apiDir } from './config.js';

const t = useTestApp();

interface Operation {
  operationId?: string;
  summary?: string;
  security?: unknown[];
}
interface Document {
  servers?: unknown[];
  paths: Record<string, Record<string, Operation>>;
}

async function served(): Promise<Document> {
  const res = await t.app.inject('/api/openapi.json');
  expect(res.statusCode).toBe(200);
  return res.json<Document>();
}

const operations = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      operation,
    })),
  );

/** A documented path in the auth hook's spelling: `{param}` as `:param`, the object key as `*`. */
const routeOf = (path: string) => path.replace(/\/\{key\}$/, '/*').replace(/\{(\w+)\}(?=\.|\/|$)/g, ':$1');

describe('the OpenAPI document', () => {
  it('passes redocly lint with no error', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kanban-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      await writeFile(file, JSON.stringify(await served()));
      const cli = join(apiDir(), 'node_modules', '.bin', 'redocly');
      const run = await promisify(execFile)(cli, ['lint', file, '--format=json'], {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        maxBuffer: 16 * 1024 * 1024,
      }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
      const report = JSON.parse(run.stdout) as {
        totals: { errors: number };
        problems: { ruleId: string; severity: string; message: string }[];
      };
      const errors = report.problems.filter((problem) => problem.severity === 'error');
      expect(errors).toEqual([]);
      expect(report.totals.errors).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('names and summarises every operation, each name once, and sets servers', async () => {
    const doc = await served();
    expect(doc.servers?.length).toBeGreaterThan(0);
    const ops = operations(doc);
    for (const { method, path, operation } of ops) {
      expect(operation.summary, `${method} ${path}`).toMatch(/\S/);
      expect(operation.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z]+$/);
    }
    const ids = ops.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('marks public exactly the routes the auth hook lets through without a token', async () => {
    const open = operations(await served())
      .filter(({ operation }) => operation.security?.length === 0)
      .map(({ method, path }) => `${method} ${routeOf(path)}`);
    const hidden = ['GET /api/openapi.json'];
    expect(open.sort()).toEqual(
      [...PUBLIC_ROUTES]
        .filter((route) => !hidden.includes(route))
        .concat('GET /health/live', 'GET /health/ready')
        .sort(),
    );
  });

  it('serves the interactive reference at /api/docs without a token', async () => {
    const page = await t.app.inject('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const initializer = await t.app.inject('/api/docs/static/swagger-initializer.js');
    expect(initializer.statusCode).toBe(200);
    const doc = await t.app.inject('/api/docs/json');
    expect(doc.statusCode).toBe(200);
  });
});
