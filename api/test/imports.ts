/** Import uploads for the API's tests: a multipart form with the file and fields, and waiting for the job. */
import { randomUUID } from 'node:crypto';
import type { ImportJob } from 'contract/imports';
import { expect } from 'vitest';
import type { App } from '../src/app.js';
import { bearer, call, type Person } from './fixtures.js';

/** A multipart body of `file` (named `filename`) and the text fields. */
export function importForm(file: Buffer | string, filename: string, fields: Record<string, string> = {}) {
  const boundary = `----kanban${randomUUID()}`;
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([...parts, head, Buffer.from(file), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POSTs the form to /api/import (or /api/import/preview) as `who`. */
export async function postImport(
  app: App,
  who: Person,
  file: Buffer | string,
  filename: string,
  fields: Record<string, string> = {},
  path = '/api/import',
) {
  const form = importForm(file, filename, fields);
  const res = await app.inject({
    method: 'POST',
    url: path,
    payload: form.payload,
    headers: { ...form.headers, ...bearer(who.token) },
  });
  return { status: res.statusCode, body: res.json() };
}

/** Waits until the job has ended (it runs on the app's queue worker) and answers its last state. */
export async function importEnded(app: App, who: Person, id: string): Promise<ImportJob> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await call<ImportJob>(app, who, 'GET', `/api/import/${id}`);
    expect(res.status).toBe(200);
    if (res.body.state === 'done' || res.body.state === 'failed') return res.body;
    if (Date.now() > deadline) throw new Error(`import ${id} still ${res.body.state}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Imports the file and answers the ended job (the upload must be accepted). */
export async function importBoard(
  app: App,
  who: Person,
  file: Buffer | string,
  filename: string,
  fields: Record<string, string> = {},
) {
  const started = await postImport(app, who, file, filename, fields);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return importEnded(app, who, started.body.id);
}
