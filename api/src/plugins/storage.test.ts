/**
 * The storage contract, run against each driver: the local disk, and an S3-protocol bucket served by
 * s3rver in its own process (test/s3.ts), which checks presigned links' SigV4 signatures. Through the driver itself, then through the API: upload link,
 * PUT, add, download and delete for attachments, and avatars.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { User } from 'contract/auth';
import type { FileItem } from 'contract/files';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesKit, PNG } from '../../test/files.js';
import { call, createTestApp, person, type TestApp } from '../../test/fixtures.js';
import { startS3Server } from '../../test/s3.js';
import { type Config, loadConfig } from '../config.js';
import { sweepOrphans } from '../files/sweep.js';
import { StorageError } from './storage.js';

interface Driver {
  name: string;
  bucket: boolean;
  start(): Promise<{ overrides: Partial<Config>; stop(): Promise<void> }>;
}

const drivers: Driver[] = [
  { name: 'local disk', bucket: false, start: async () => ({ overrides: {}, stop: async () => {} }) },
  {
    name: 'S3 (s3rver process)',
    bucket: true,
    start: async () => {
      const server = await startS3Server();
      return { overrides: { s3: server.config }, stop: server.stop };
    },
  },
];

/** A relative link goes to the app, an absolute one (a bucket's) over the network. */
async function send(t: TestApp, url: string, init: { method?: string; body?: Buffer; type?: string } = {}) {
  const method = init.method ?? 'GET';
  const headers: Record<string, string> = init.type ? { 'content-type': init.type } : {};
  if (url.startsWith('/')) {
    const res = await t.app.inject({ method: method as 'GET', url, payload: init.body, headers });
    return { status: res.statusCode, headers: res.headers as Record<string, string>, body: res.rawPayload };
  }
  const res = await fetch(url, { method, body: init.body, headers });
  return {
    status: res.status,
    headers: Object.fromEntries(res.headers),
    body: Buffer.from(await res.arrayBuffer()),
  };
}

describe('S3 settings', () => {
  const env = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/kanban-config-test' };

  it('the local disk unless S3_BUCKET is set', () => {
    expect(loadConfig(env).s3).toBeNull();
    expect(loadConfig({ ...env, S3_ENDPOINT: 'http://minio:9000' }).s3).toBeNull();
  });

  it('reads every S3_ variable', () => {
    expect(
      loadConfig({
        ...env,
        S3_BUCKET: 'kanban',
        S3_ENDPOINT: 'http://minio:9000',
        S3_PUBLIC_ENDPOINT: 'http://localhost:9000',
        S3_REGION: 'eu-central-1',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).s3,
    ).toEqual({
      bucket: 'kanban',
      endpoint: 'http://minio:9000',
      publicEndpoint: 'http://localhost:9000',
      region: 'eu-central-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(loadConfig({ ...env, S3_BUCKET: 'kanban' }).s3).toEqual({
      bucket: 'kanban',
      region: 'us-east-1',
      forcePathStyle: false,
    });
    expect(() => loadConfig({ ...env, S3_BUCKET: 'kanban', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
  });
});

describe.each(drivers)('storage contract: $name', (driver) => {
  const t = {} as TestApp;
  let stop = async () => {};
  beforeAll(async () => {
    const started = await driver.start();
    stop = started.stop;
    Object.assign(t, await createTestApp(started.overrides));
  });
  afterAll(async () => {
    await t.close?.();
    await stop();
  });

  const storage = () => t.app.storage;
  const newKey = (folder = 'boards/7') => `${folder}/${randomUUID()}`;
  const body = (text: string) => Readable.from([Buffer.from(text)]);

  async function read(key: string): Promise<Buffer | null> {
    const opened = await storage().open(key);
    if (!opened) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    expect(bytes.length).toBe(opened.size);
    return bytes;
  }

  async function keysUnder(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    for await (const object of storage().list(prefix)) keys.push(object.key);
    return keys.sort();
  }

  it('is the driver the configuration chose', () => {
    expect(storage().direct !== undefined).toBe(driver.bucket);
  });

  it('put, stat, open, list, remove', async () => {
    const key = newKey('boards/11');
    const before = Date.now();
    expect(await storage().put(key, body('Привет'), { maxBytes: 100, expectedBytes: 12 })).toEqual({
      size: 12,
    });
    const info = await storage().stat(key);
    expect(info?.size).toBe(12);
    // Stores keep modification times to the second.
    expect(info?.modifiedAt.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect((await read(key))?.toString()).toBe('Привет');

    const listed = [];
    for await (const object of storage().list('boards/11/')) listed.push(object);
    expect(listed).toEqual([{ key, size: 12, modifiedAt: info?.modifiedAt }]);

    await storage().remove(key);
    await storage().remove(key);
    expect(await storage().stat(key)).toBeNull();
    expect(await storage().open(key)).toBeNull();
    expect(await keysUnder('boards/11/')).toEqual([]);
  });

  it('put without a known length, up to maxBytes', async () => {
    const key = newKey();
    expect(await storage().put(key, body('abc'), { maxBytes: 3 })).toEqual({ size: 3 });
    expect((await read(key))?.toString()).toBe('abc');
    await expect(storage().put(newKey(), body('abcd'), { maxBytes: 3 })).rejects.toThrow(
      new StorageError('too-large'),
    );
    await storage().remove(key);
  });

  it('objects are written once', async () => {
    const key = newKey();
    await storage().put(key, body('one'), { maxBytes: 10, expectedBytes: 3 });
    await expect(storage().put(key, body('two'), { maxBytes: 10, expectedBytes: 3 })).rejects.toThrow(
      new StorageError('exists'),
    );
    expect((await read(key))?.toString()).toBe('one');
    await storage().remove(key);
  });

  it('size limits: past the limit or the expected size, or short of it, nothing is left', async () => {
    const folder = 'boards/12';
    const cases: [string, number, number | undefined, string][] = [
      ['0123456789', 5, undefined, 'too-large'],
      ['0123456789', 100, 5, 'too-large'],
      ['012', 100, 5, 'too-small'],
    ];
    for (const [text, maxBytes, expectedBytes, code] of cases) {
      await expect(storage().put(newKey(folder), body(text), { maxBytes, expectedBytes })).rejects.toThrow(
        new StorageError(code as 'too-large'),
      );
    }
    // A large body in many chunks stops at the limit too.
    const big = Readable.from(Array.from({ length: 64 }, () => Buffer.alloc(64 * 1024, 1)));
    await expect(
      storage().put(newKey(folder), big, { maxBytes: 1024 * 1024, expectedBytes: 1024 * 1024 }),
    ).rejects.toThrow(new StorageError('too-large'));
    // The put is aborted mid-body. AWS and MinIO discard a body shorter than its Content-Length, but
    // s3rver stores what it got, sometimes after the driver's cleanup: there the sweep has it later.
    if (!driver.bucket) expect(await keysUnder(`${folder}/`)).toEqual([]);
  });

  it('keys outside the pattern are refused, and name nothing', async () => {
    for (const key of ['boards/1/../x', 'other/1/x', `boards/1/${randomUUID()}.html`, '']) {
      await expect(storage().put(key, body('x'), { maxBytes: 10 })).rejects.toThrow(
        new StorageError('invalid-key'),
      );
      expect(await storage().stat(key)).toBeNull();
      expect(await storage().open(key)).toBeNull();
      await storage().remove(key);
    }
  });

  it('removeMany removes every object and shrugs at missing ones; list keeps to its prefix', async () => {
    const keys = Array.from({ length: 12 }, () => newKey('boards/13'));
    const other = newKey('avatars/13');
    for (const key of [...keys, other])
      await storage().put(key, body('x'), { maxBytes: 1, expectedBytes: 1 });
    expect(await keysUnder('boards/13/')).toEqual([...keys].sort());
    expect(await keysUnder('avatars/13/')).toEqual([other]);
    await storage().removeMany([...keys, newKey('boards/13')]);
    expect(await keysUnder('boards/13/')).toEqual([]);
    expect(await keysUnder('avatars/13/')).toEqual([other]);
    await storage().removeMany([other]);
  });

  it('the orphan sweep removes old objects no row names, through list', async () => {
    const key = newKey('boards/14');
    await storage().put(key, body('x'), { maxBytes: 1, expectedBytes: 1 });
    expect(await sweepOrphans(t.db, storage(), Date.now())).toBe(0);
    expect(await storage().stat(key)).not.toBeNull();
    await sweepOrphans(t.db, storage(), Date.now() + 2 * 24 * 60 * 60 * 1000);
    expect(await storage().stat(key)).toBeNull();
  });

  it('attachment: upload link, PUT, add, download link, download, delete', async () => {
    const { setup } = filesKit(t);
    const s = await setup();
    const bytes = Buffer.from('<script>alert(1)</script> Отчёт\n'.repeat(50));
    const type = 'text/html';
    const link = await call<{ url: string }>(
      t.app,
      s.anna,
      'GET',
      `/api/file/upload?${new URLSearchParams({
        name: 'Отчёт.html',
        boardId: String(s.boardId),
        taskId: String(s.taskId),
        type,
        size: String(bytes.length),
      })}`,
    );
    expect(link.status).toBe(200);
    const url = link.body.url;
    if (driver.bucket) {
      // Straight to the bucket, with the size and type signed.
      const { endpoint, bucket } = t.config.s3 ?? {};
      expect(url.startsWith(`${endpoint}/${bucket}/boards/${s.boardId}/`)).toBe(true);
      const query = new URL(url).searchParams;
      expect(query.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
      expect(query.get('X-Amz-Expires')).toBe('900');
    } else {
      expect(url.startsWith(`/api/file/object/boards/${s.boardId}/`)).toBe(true);
    }

    const sent = await send(t, url, { method: 'PUT', body: bytes, type });
    expect(sent.status).toBe(200);

    const added = await call<FileItem[]>(t.app, s.anna, 'POST', '/api/file/add', {
      boardId: s.boardId,
      taskId: String(s.taskId),
      name: 'Отчёт.html',
      url: url.split('?')[0],
      type,
      size: bytes.length,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const [file] = added.body;
    // The API's shape does not depend on the driver.
    expect(file).toEqual({
      id: expect.any(Number),
      boardId: s.boardId,
      taskId: String(s.taskId),
      name: 'Отчёт.html',
      url: expect.stringMatching(new RegExp(`^/api/file/object/boards/${s.boardId}/[0-9a-f-]{36}$`)),
      type,
      size: bytes.length,
    });

    const got = await call<{ url: string }>(t.app, s.anna, 'GET', `/api/file/get?id=${file?.id}`);
    expect(got.status).toBe(200);
    if (driver.bucket) {
      expect(new URL(got.body.url).searchParams.get('X-Amz-Expires')).toBe('300');
      // The overrides are signed: a link asking for another type is refused.
      const inline = new URL(got.body.url);
      inline.searchParams.set('response-content-type', 'image/svg+xml');
      expect((await send(t, inline.toString())).status).toBe(403);
    }
    const downloaded = await send(t, got.body.url);
    expect(downloaded.status).toBe(200);
    expect(downloaded.body.equals(bytes)).toBe(true);
    expect(downloaded.headers['content-type']).toMatch(/^text\/html/);
    expect(downloaded.headers['content-disposition']).toBe(
      `attachment; filename="_____.html"; filename*=UTF-8''%D0%9E%D1%82%D1%87%D1%91%D1%82.html`,
    );

    // Added once only; an object under another board's prefix cannot be added here.
    const again = await call(t.app, s.anna, 'POST', '/api/file/add', {
      boardId: s.boardId,
      taskId: String(s.taskId),
      name: 'x',
      url: url.split('?')[0],
      type,
      size: bytes.length,
    });
    expect(again.status).toBe(400);

    const key = file?.url.replace('/api/file/object/', '') ?? '';
    expect(await storage().stat(key)).not.toBeNull();
    const deleted = await call(t.app, s.anna, 'DELETE', `/api/file/${s.boardId}/${file?.id}/delete`);
    expect(deleted.status).toBe(200);
    expect(await storage().stat(key)).toBeNull();
  });

  it('an upload link takes exactly the size and type it was made for', async () => {
    const { setup, uploadLink } = filesKit(t);
    const s = await setup();
    const url = await uploadLink(s.anna, s.boardId, s.taskId, { name: 'a.txt', type: 'text/plain', size: 5 });
    const key = new URL(url, 'http://x').pathname.split('/').slice(-3).join('/');
    // The API's own links answer 413, 400 and 415; a bucket refuses a signature that does not hold (403).
    const refused = driver.bucket ? [403, 403, 403] : [413, 400, 415];
    const tries = [
      { body: Buffer.from('hello!'), type: 'text/plain' },
      { body: Buffer.from('hell'), type: 'text/plain' },
      { body: Buffer.from('hello'), type: 'text/html' },
    ];
    for (const [i, attempt] of tries.entries()) {
      expect((await send(t, url, { method: 'PUT', ...attempt })).status).toBe(refused[i]);
    }
    expect(await storage().stat(key)).toBeNull();
    expect(
      (await send(t, url, { method: 'PUT', body: Buffer.from('hello'), type: 'text/plain' })).status,
    ).toBe(200);
    expect((await storage().stat(key))?.size).toBe(5);
  });

  it('an attachment of the wrong size is not added', async () => {
    const { setup, uploadLink } = filesKit(t);
    const s = await setup();
    const url = await uploadLink(s.anna, s.boardId, s.taskId, { name: 'a.txt', type: 'text/plain', size: 5 });
    expect(
      (await send(t, url, { method: 'PUT', body: Buffer.from('hello'), type: 'text/plain' })).status,
    ).toBe(200);
    const added = await call(t.app, s.anna, 'POST', '/api/file/add', {
      boardId: s.boardId,
      taskId: String(s.taskId),
      name: 'a.txt',
      url: url.split('?')[0],
      type: 'text/plain',
      size: 6,
    });
    expect(added.status).toBe(400);
    expect(added.body).toEqual({ url: expect.any(String) });
  });

  it('avatar: upload link, PUT, add; the API serves it inline with nosniff', async () => {
    const anna = await person(t.app, 'Анна');
    const query = new URLSearchParams({ name: 'me.png', type: 'image/png', size: String(PNG.length) });
    const link = await call<{ uploadUrl: string; objectUrl: string }>(
      t.app,
      anna,
      'GET',
      `/api/file/avatar/upload?${query}`,
    );
    expect(link.status).toBe(200);
    expect(link.body.objectUrl).toMatch(new RegExp(`^/api/file/object/avatars/${anna.id}/[0-9a-f-]{36}$`));
    expect(link.body.uploadUrl.startsWith('/')).toBe(!driver.bucket);
    const sent = await send(t, link.body.uploadUrl, { method: 'PUT', body: PNG, type: 'image/png' });
    expect(sent.status).toBe(200);

    const added = await call<User>(t.app, anna, 'POST', '/api/file/avatar/add', { url: link.body.objectUrl });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.avatar).toBe(link.body.objectUrl);

    const served = await send(t, link.body.objectUrl);
    expect(served.status).toBe(200);
    expect(served.body.equals(PNG)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'content-disposition': 'inline',
      'x-content-type-options': 'nosniff',
    });
  });

  it.runIf(driver.bucket)('an avatar whose bytes are no image is not added', async () => {
    const anna = await person(t.app, 'Анна');
    const bytes = Buffer.from('<svg onload="alert(1)"/>');
    const query = new URLSearchParams({ name: 'me.png', type: 'image/png', size: String(bytes.length) });
    const link = await call<{ uploadUrl: string; objectUrl: string }>(
      t.app,
      anna,
      'GET',
      `/api/file/avatar/upload?${query}`,
    );
    expect(
      (await send(t, link.body.uploadUrl, { method: 'PUT', body: bytes, type: 'image/png' })).status,
    ).toBe(200);
    const added = await call(t.app, anna, 'POST', '/api/file/avatar/add', { url: link.body.objectUrl });
    expect(added.status).toBe(400);
    expect((await send(t, link.body.objectUrl)).status).toBe(404);
  });
});
