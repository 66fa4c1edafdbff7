// The production topology for the stack tests: `pnpm stack`'s library on a fresh PostgreSQL database,
// a fresh Redis prefix and a temp deployment folder, on its own ports (E2E_STACK_PORT, default 4360).
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { ROOT, type Stack, startStack } from '../../scripts/lib/stack.mjs';

const adminUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const run = promisify(execFile);

/** METRICS_TOKEN of the test stack's API instances. */
export const STACK_METRICS_TOKEN = 'stack-metrics-token';

export interface TestStack extends Stack {
  close(): Promise<void>;
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** `s3`: uploads in s3rver's bucket (`pnpm stack --s3`); `port`: the proxy's port. */
export async function startTestStack(options: { s3?: boolean; port?: number } = {}): Promise<TestStack> {
  const database = `kanban_stack_${Date.now().toString(36)}`;
  await adminQuery(`CREATE DATABASE ${database}`);
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${database}`;
  const deployDir = mkdtempSync(join(tmpdir(), 'kanban-stack-'));
  chmodSync(deployDir, 0o755);
  let stack: Stack;
  try {
    stack = await startStack({
      deployDir,
      port: options.port ?? Number(process.env.E2E_STACK_PORT ?? 4360),
      databaseUrl: databaseUrl.toString(),
      redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      redisPrefix: `${database}:`,
      jwtSecret: 'stack-secret-stack-secret-stack-secret',
      logLevel: 'warn',
      metricsToken: STACK_METRICS_TOKEN,
      quiet: true,
      s3: options.s3,
    });
  } catch (err) {
    await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    rmSync(deployDir, { recursive: true, force: true });
    throw err;
  }
  return {
    ...stack,
    async close() {
      await stack.stop();
      await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      rmSync(deployDir, { recursive: true, force: true });
    },
  };
}

/** sha256 of every file under `dir` (symlinks followed), by relative path. */
export function hashTree(dir: string): Record<string, string> {
  const hashes: Record<string, string> = {};
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else hashes[relative(dir, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
    }
  };
  walk(realpathSync(dir));
  return hashes;
}

/**
 * A throwaway copy of a front-end package to build a changed version from: its sources and config,
 * the root tsconfig files it extends, and links to its installed dependencies (not their caches), so
 * the committed sources and the workspace's own build stay untouched.
 */
export function copyPackage(app: string): { dir: string; remove(): void } {
  const base = mkdtempSync(join(tmpdir(), `kanban-${app}-`));
  for (const file of ['tsconfig.base.json', 'tsconfig.web.json']) cpSync(join(ROOT, file), join(base, file));
  const source = join(ROOT, app);
  const dir = join(base, app);
  cpSync(source, dir, {
    recursive: true,
    filter: (path) => {
      const top = relative(source, path).split(/[\\/]/)[0];
      return top !== 'node_modules' && top !== 'dist';
    },
  });
  mkdirSync(join(dir, 'node_modules'));
  for (const entry of readdirSync(join(source, 'node_modules'))) {
    if (entry.startsWith('.')) continue;
    symlinkSync(realpathSync(join(source, 'node_modules', entry)), join(dir, 'node_modules', entry));
  }
  return { dir, remove: () => rmSync(base, { recursive: true, force: true }) };
}

/** `pnpm redeploy <app> --source <dir>` against the test stack's deployment. */
export async function redeploy(stack: Stack, app: string, source: string): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    [join(ROOT, 'scripts', 'redeploy.mjs'), app, '--source', source, '--deploy-dir', stack.deployDir],
    { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 },
  );
  return stdout;
}
