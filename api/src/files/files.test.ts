import { randomUUID } from 'node:crypto';
import { readdir, utimes } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  call,
  createBoard,
  createTestApp,
  insertTask,
  type Person,
  person,
  type TestApp,
} from '../../test/fixtures.js';
import type { App } from '../app.js';
import type { User } from '../auth/schemas.js';
import type { Board } from '../boards/schemas.js';
import { loadConfig } from '../config.js';
import type { Database } from '../database.js';
import type { TaskDetail } from '../tasks/schemas.js';
import { attachmentDisposition, safeFileName } from './content.js';
import type { FileItem } from './schemas.js';
import { LinkSigner } from './signing.js';
import { sweepOrphans } from './sweep.js';

let t: TestApp;
let signer: LinkSigner;
beforeAll(async () => {
  t = await createTestApp();
  signer = new LinkSigner(t.config.jwtSecret);
});
afterAll(() => t?.close());

type Errors = Record<string, string>;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452', 'hex'),
  Buffer.alloc(40, 7),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 3)]);

/**
 * Every file under DATA_DIR/uploads/<folder> (temporary files included), relative to the uploads
 * folder. Tests share one app, so each looks at its own board's or user's folder.
 */
async function uploads(folder: string, app: TestApp = t): Promise<string[]> {
  const root = join(app.config.dataDir, 'uploads');
  const entries = await readdir(join(root, folder), { recursive: true, withFileTypes: true }).catch(
    (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    },
  );
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

const keyOf = (url: string) => new URL(url, 'http://x').pathname.replace('/api/file/object/', '');

interface Setup {
  anna: Person;
  boardId: number;
  taskId: number;
}

async function taskOnBoard(db: Kysely<Database>, boardId: number, createdBy: number, title = 'Задача') {
  const column = await db
    .selectFrom('columns')
    .select('id')
    .where('board_id', '=', boardId)
    .orderBy('position')
    .executeTakeFirstOrThrow();
  return insertTask(db, boardId, { columnId: column.id, title, createdBy });
}

async function setup(app: TestApp = t): Promise<Setup> {
  const anna = await person(app.app, 'Анна');
  const boardId = await createBoard(app.app, anna);
  const taskId = await taskOnBoard(app.db, boardId, anna.id);
  return { anna, boardId, taskId };
}

function uploadQuery(boardId: number, taskId: number, file: { name: string; type: string; size: number }) {
  const query = new URLSearchParams({
    name: file.name,
    boardId: String(boardId),
    taskId: String(taskId),
    type: file.type,
    size: String(file.size),
  });
  return `/api/file/upload?${query}`;
}

async function uploadLink(
  who: Person,
  boardId: number,
  taskId: number,
  file: { name: string; type: string; size: number },
  app: App = t.app,
): Promise<string> {
  const res = await call<{ url: string }>(app, who, 'GET', uploadQuery(boardId, taskId, file));
  if (res.status !== 200) throw new Error(`upload link: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.url;
}

function put(url: string, body: Buffer | Readable | string, type: string | null, app: App = t.app) {
  return app.inject({
    method: 'PUT',
    url,
    payload: body,
    headers: type === null ? {} : { 'content-type': type },
  });
}

function multipart(bytes: Buffer, type: string, filename = 'report.pdf') {
  const boundary = `----kanban${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Upload link, PUT and add: the task's files after the add. */
async function attach(s: Setup, bytes: Buffer, name = 'Отчёт.txt', type = 'text/plain') {
  const url = await uploadLink(s.anna, s.boardId, s.taskId, { name, type, size: bytes.length });
  const sent = await put(url, bytes, type);
  expect(sent.statusCode, sent.body).toBe(200);
  const added = await call<FileItem[]>(t.app, s.anna, 'POST', '/api/file/add', {
    boardId: s.boardId,
    taskId: String(s.taskId),
    name,
    url: url.split('?')[0],
    type,
    size: bytes.length,
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return added.body;
}

/** Uploads an avatar object (not yet set) and answers its objectUrl. */
async function avatarLinkOf(who: Person, bytes: Buffer): Promise<string> {
  const query = new URLSearchParams({ name: 'a.png', type: 'image/png', size: String(bytes.length) });
  const link = await call<{ uploadUrl: string; objectUrl: string }>(
    t.app,
    who,
    'GET',
    `/api/file/avatar/upload?${query}`,
  );
  expect((await put(link.body.uploadUrl, bytes, 'image/png')).statusCode).toBe(200);
  return link.body.objectUrl;
}

async function download(who: Person, fileId: number) {
  const link = await call<{ url: string }>(t.app, who, 'GET', `/api/file/get?id=${fileId}`);
  expect(link.status).toBe(200);
  return t.app.inject({ method: 'GET', url: link.body.url });
}

const filesRows = (db: Kysely<Database>, boardId: number) =>
  db.selectFrom('files').selectAll().where('board_id', '=', boardId).orderBy('id').execute();
const version = async (db: Kysely<Database>, boardId: number) =>
  Number(
    (await db.selectFrom('boards').select('version').where('id', '=', boardId).executeTakeFirstOrThrow())
      .version,
  );

describe('board files', () => {
  it('upload link, PUT, add, list, download, delete: the whole flow', async () => {
    const s = await setup();
    const bytes = Buffer.from('Привет, файл!\n'.repeat(20));
    const before = await version(t.db, s.boardId);

    const link = await call<{ url: string }>(
      t.app,
      s.anna,
      'GET',
      uploadQuery(s.boardId, s.taskId, { name: 'Отчёт.txt', type: 'text/plain', size: bytes.length }),
    );
    expect(link.status).toBe(200);
    const url = new URL(link.body.url, 'http://x');
    expect(url.pathname).toMatch(new RegExp(`^/api/file/object/boards/${s.boardId}/[0-9a-f-]{36}$`));
    expect(Object.fromEntries(url.searchParams)).toEqual({
      size: String(bytes.length),
      type: 'text/plain',
      expires: expect.stringMatching(/^\d+$/),
      signature: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const expiresIn = Number(url.searchParams.get('expires')) - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(14 * 60);
    expect(expiresIn).toBeLessThanOrEqual(15 * 60);

    // No bearer token: the signature is the permission.
    const sent = await put(link.body.url, bytes, 'text/plain');
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ success: true });
    expect(await uploads(`boards/${s.boardId}`)).toEqual([keyOf(link.body.url)]);
    expect(await version(t.db, s.boardId)).toBe(before);

    const added = await call<FileItem[]>(t.app, s.anna, 'POST', '/api/file/add', {
      boardId: s.boardId,
      taskId: String(s.taskId),
      name: 'Отчёт.txt',
      url: url.pathname,
      type: 'text/plain',
      size: bytes.length,
    });
    expect(added.status).toBe(200);
    const file = {
      id: expect.any(Number),
      boardId: s.boardId,
      taskId: String(s.taskId),
      name: 'Отчёт.txt',
      url: url.pathname,
      type: 'text/plain',
      size: bytes.length,
    };
    expect(added.body).toEqual([file]);
    expect(await version(t.db, s.boardId)).toBe(before + 1);

    const detail = await call<TaskDetail>(t.app, s.anna, 'GET', `/api/task/${s.boardId}/${s.taskId}`);
    expect(detail.body.files).toEqual([file]);
    expect(detail.body.filesCount).toBe(1);
    const board = await call<Board>(t.app, s.anna, 'GET', `/api/board/${s.boardId}`);
    expect(board.body.tasks[String(s.taskId)]?.filesCount).toBe(1);

    const fileId = added.body[0]?.id as number;
    const got = await call<{ url: string }>(t.app, s.anna, 'GET', `/api/file/get?id=${fileId}`);
    expect(got.status).toBe(200);
    const downloadUrl = new URL(got.body.url, 'http://x');
    expect(downloadUrl.pathname).toBe(url.pathname);
    const lifetime = Number(downloadUrl.searchParams.get('expires')) - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(4 * 60);
    expect(lifetime).toBeLessThanOrEqual(5 * 60);

    const res = await t.app.inject({ method: 'GET', url: got.body.url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'text/plain',
      'content-length': String(bytes.length),
      'content-disposition': `attachment; filename="_____.txt"; filename*=UTF-8''${encodeURIComponent('Отчёт.txt')}`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    // Without its signature the object path opens nothing.
    expect((await t.app.inject({ method: 'GET', url: url.pathname })).statusCode).toBe(403);

    const deleted = await call<FileItem[]>(
      t.app,
      s.anna,
      'DELETE',
      `/api/file/${s.boardId}/${fileId}/delete`,
    );
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual([]);
    expect(await version(t.db, s.boardId)).toBe(before + 2);
    expect(await uploads(`boards/${s.boardId}`)).toEqual([]);
    expect(await filesRows(t.db, s.boardId)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: got.body.url })).statusCode).toBe(404);
    const again = await call(t.app, s.anna, 'DELETE', `/api/file/${s.boardId}/${fileId}/delete`);
    expect(again.status).toBe(404);
  });

  it('takes a multipart POST to the same signed link', async () => {
    const s = await setup();
    const bytes = Buffer.from('%PDF-1.4 multipart body');
    const url = await uploadLink(s.anna, s.boardId, s.taskId, {
      name: 'a.pdf',
      type: 'application/pdf',
      size: bytes.length,
    });
    const form = multipart(bytes, 'application/pdf');
    const res = await t.app.inject({ method: 'POST', url, ...form });
    expect(res.statusCode, res.body).toBe(200);
    expect(await uploads(`boards/${s.boardId}`)).toEqual([keyOf(url)]);

    const added = await call<FileItem[]>(t.app, s.anna, 'POST', '/api/file/add', {
      boardId: s.boardId,
      taskId: s.taskId,
      name: 'a.pdf',
      url: url.split('?')[0],
      type: 'application/pdf',
      size: bytes.length,
    });
    expect(added.status).toBe(200);
    const got = await download(s.anna, added.body[0]?.id as number);
    expect(got.rawPayload.equals(bytes)).toBe(true);
    expect(got.headers['content-type']).toBe('application/pdf');
    await call(t.app, s.anna, 'DELETE', `/api/file/${s.boardId}/${added.body[0]?.id}/delete`);
    expect(await uploads(`boards/${s.boardId}`)).toEqual([]);

    // Larger and smaller bodies than signed are refused in a form as well.
    const small = await uploadLink(s.anna, s.boardId, s.taskId, { name: 'b', type: 'text/plain', size: 5 });
    const over = await t.app.inject({
      method: 'POST',
      url: small,
      ...multipart(Buffer.from('123456'), 'text/plain'),
    });
    expect(over.statusCode).toBe(413);
    const under = await t.app.inject({
      method: 'POST',
      url: small,
      ...multipart(Buffer.from('1234'), 'text/plain'),
    });
    expect(under.statusCode).toBe(400);
    const wrongType = await t.app.inject({
      method: 'POST',
      url: small,
      ...multipart(Buffer.from('12345'), 'text/html'),
    });
    expect(wrongType.statusCode).toBe(415);
    const noFile = await t.app.inject({
      method: 'POST',
      url: small,
      payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(noFile.statusCode).toBe(400);
    expect(await uploads(`boards/${s.boardId}`)).toEqual([]);
  });

  it('keeps empty-typed files as application/octet-stream and takes their PUT without a type', async () => {
    const s = await setup();
    const bytes = Buffer.from([0, 1, 2, 3]);
    const url = await uploadLink(s.anna, s.boardId, s.taskId, { name: 'blob', type: '', size: 4 });
    expect(new URL(url, 'http://x').searchParams.get('type')).toBe('application/octet-stream');
    expect((await put(url, bytes, null)).statusCode).toBe(200);
    await t.app.storage.remove(keyOf(url));
    expect((await put(url, bytes, '')).statusCode).toBe(200);
    await t.app.storage.remove(keyOf(url));
  });

  describe('refused uploads leave nothing behind', () => {
    let s: Setup;
    const bytes = Buffer.from('0123456789');
    beforeAll(async () => {
      s = await setup();
    });
    const link = () =>
      uploadLink(s.anna, s.boardId, s.taskId, { name: 'x.txt', type: 'text/plain', size: 10 });

    async function expectRefused(res: { statusCode: number; json(): unknown }, status: number) {
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ message: expect.any(String) });
      expect(await uploads(`boards/${s.boardId}`)).toEqual([]);
      expect(await filesRows(t.db, s.boardId)).toEqual([]);
    }

    it('a tampered signature, size, type or expiry', async () => {
      const url = new URL(await link(), 'http://x');
      const signature = url.searchParams.get('signature') as string;
      const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'AB' : 'AA'}`;
      for (const [name, value] of [
        ['signature', flipped],
        ['signature', 'A'.repeat(43)],
        ['size', '9'],
        ['type', 'text/html'],
        ['expires', String(Number(url.searchParams.get('expires')) + 60)],
      ] as const) {
        const tampered = new URL(url);
        tampered.searchParams.set(name, value);
        const body = name === 'size' ? bytes.subarray(0, 9) : bytes;
        const type = name === 'type' ? 'text/html' : 'text/plain';
        const res = await put(`${tampered.pathname}${tampered.search}`, body, type);
        await expectRefused(res, 403);
        expect(res.json()).toEqual({ message: 'Ссылка недействительна' });
      }
      const missing = await put(url.pathname, bytes, 'text/plain');
      expect(missing.statusCode).toBe(400);
    });

    it('an expired link', async () => {
      const key = `boards/${s.boardId}/${randomUUID()}`;
      const url = signer.uploadUrl({ key, size: 10, type: 'text/plain' }, Date.now() - 16 * 60 * 1000);
      const res = await put(url, bytes, 'text/plain');
      await expectRefused(res, 403);
      expect(res.json()).toEqual({ message: 'Срок действия ссылки истёк' });
    });

    it('a link replayed for another key', async () => {
      const url = new URL(await link(), 'http://x');
      for (const key of [
        `boards/${s.boardId}/${randomUUID()}`,
        `boards/${s.boardId + 1}/${keyOf(url.pathname).split('/')[2]}`,
        `avatars/${s.anna.id}/${keyOf(url.pathname).split('/')[2]}`,
      ]) {
        await expectRefused(await put(`/api/file/object/${key}${url.search}`, bytes, 'text/plain'), 403);
      }
    });

    it('a body larger than signed, declared or streamed', async () => {
      const url = await link();
      await expectRefused(await put(url, Buffer.from('0123456789A'), 'text/plain'), 413);
      // No Content-Length: the limit is found while streaming.
      const stream = Readable.from([Buffer.from('01234'), Buffer.from('56789'), Buffer.from('AB')]);
      await expectRefused(await put(url, stream, 'text/plain'), 413);
    });

    it('a body smaller than signed, declared or streamed', async () => {
      const url = await link();
      await expectRefused(await put(url, Buffer.from('012'), 'text/plain'), 400);
      await expectRefused(await put(url, Readable.from([Buffer.from('0123')]), 'text/plain'), 400);
    });

    it('another content type than signed', async () => {
      await expectRefused(await put(await link(), bytes, 'text/html'), 415);
      await expectRefused(await put(await link(), bytes, null), 415);
    });

    it('a second upload to the same link', async () => {
      const url = await link();
      expect((await put(url, bytes, 'text/plain')).statusCode).toBe(200);
      const res = await put(url, Buffer.from('ABCDEFGHIJ'), 'text/plain');
      expect(res.statusCode).toBe(409);
      const stored = await t.app.storage.open(keyOf(url));
      expect(Buffer.concat(await (stored?.stream.toArray() ?? [])).toString()).toBe('0123456789');
      await t.app.storage.remove(keyOf(url));
    });

    it('object paths that are not server-made keys', async () => {
      const url = new URL(await link(), 'http://x');
      for (const path of [
        '/api/file/object/..%2F..%2Fetc%2Fpasswd',
        '/api/file/object/boards/1/../../../etc/passwd',
        `/api/file/object/boards/${s.boardId}/.hidden`,
        `/api/file/object/boards/${s.boardId}/${randomUUID()}.txt`,
        '/api/file/object/other/1/x',
      ]) {
        const res = await put(`${path}${url.search}`, bytes, 'text/plain');
        expect([400, 404]).toContain(res.statusCode);
        expect((await t.app.inject({ method: 'GET', url: `${path}${url.search}` })).statusCode).toBe(404);
      }
      expect(await uploads(`boards/${s.boardId}`)).toEqual([]);
    });
  });

  it('MAX_UPLOAD_BYTES: no link above it, and enforced while streaming', async () => {
    const small = await createTestApp({ maxUploadBytes: 1000 });
    try {
      const s = await setup(small);
      const tooBig = await call<Errors>(
        small.app,
        s.anna,
        'GET',
        uploadQuery(s.boardId, s.taskId, { name: 'big', type: 'text/plain', size: 1001 }),
      );
      expect(tooBig.status).toBe(400);
      expect(tooBig.body).toEqual({ size: 'Файл больше 1000 байт' });
      const fits = await uploadLink(
        s.anna,
        s.boardId,
        s.taskId,
        { name: 'ok', type: 'text/plain', size: 1000 },
        small.app,
      );
      expect((await put(fits, Buffer.alloc(1000, 97), 'text/plain', small.app)).statusCode).toBe(200);

      // A link signed for more than the limit (say, before the limit was lowered) still stops at it.
      const key = `boards/${s.boardId}/${randomUUID()}`;
      const url = signer.uploadUrl({ key, size: 5000, type: 'text/plain' });
      const chunks = Array.from({ length: 5 }, () => Buffer.alloc(1000, 98));
      const res = await put(url, Readable.from(chunks), 'text/plain', small.app);
      expect(res.statusCode).toBe(413);
      expect(await uploads(`boards/${s.boardId}`, small)).toEqual([keyOf(fits)]);
    } finally {
      await small.close();
    }
  });

  it('reads MAX_UPLOAD_BYTES from the environment', () => {
    const env = { JWT_SECRET: 's'.repeat(40), DATA_DIR: t.config.dataDir };
    expect(loadConfig(env).maxUploadBytes).toBe(100 * 1024 * 1024);
    expect(loadConfig({ ...env, MAX_UPLOAD_BYTES: '2048' }).maxUploadBytes).toBe(2048);
    expect(() => loadConfig({ ...env, MAX_UPLOAD_BYTES: 'lots' })).toThrow(/MAX_UPLOAD_BYTES/);
  });

  it('add checks the object: uploaded, of the signed size, of this board, not added before', async () => {
    const s = await setup();
    const other = await setup();
    const bytes = Buffer.from('abc');
    const add = (body: Record<string, unknown>) =>
      call<Errors>(t.app, s.anna, 'POST', '/api/file/add', {
        boardId: s.boardId,
        taskId: s.taskId,
        name: 'a.txt',
        type: 'text/plain',
        size: 3,
        ...body,
      });

    const notSent = (
      await uploadLink(s.anna, s.boardId, s.taskId, { name: 'a', type: 'text/plain', size: 3 })
    ).split('?')[0];
    expect((await add({ url: notSent })).body).toEqual({
      url: 'Файл не загружен или его размер не совпадает',
    });

    const url = await uploadLink(s.anna, s.boardId, s.taskId, { name: 'a', type: 'text/plain', size: 3 });
    expect((await put(url, bytes, 'text/plain')).statusCode).toBe(200);
    const path = url.split('?')[0] as string;
    expect((await add({ url: path, size: 4 })).status).toBe(400);
    expect((await add({ url: 'boards/1/x' })).body).toEqual({ url: 'Некорректная ссылка на файл' });
    expect((await add({ url: '/api/file/object/../../etc/passwd' })).status).toBe(400);
    // The other board's member cannot take this board's object onto their own board.
    const stolen = await call<Errors>(t.app, other.anna, 'POST', '/api/file/add', {
      boardId: other.boardId,
      taskId: other.taskId,
      name: 'a.txt',
      url: path,
      type: 'text/plain',
      size: 3,
    });
    expect(stolen.status).toBe(400);
    expect((await add({ taskId: other.taskId, url: path })).status).toBe(404);
    expect(await filesRows(t.db, s.boardId)).toEqual([]);
    expect(await filesRows(t.db, other.boardId)).toEqual([]);

    // An absolute url (with its query) names the same object.
    const first = await add({ url: `http://kanban.test${url}` });
    expect(first.status).toBe(200);
    const twice = await add({ url: path });
    expect(twice.status).toBe(400);
    expect(twice.body).toEqual({ url: 'Этот файл уже добавлен' });
    expect(await filesRows(t.db, s.boardId)).toHaveLength(1);
  });

  it('a path-traversal name is only a name: the key ignores it and the download name is cleaned', async () => {
    const s = await setup();
    const bytes = Buffer.from('root:x:0:0');
    const files = await attach(s, bytes, '../../etc/passwd', 'text/plain');
    expect(files[0]?.name).toBe('passwd');
    expect(files[0]?.url).toMatch(new RegExp(`^/api/file/object/boards/${s.boardId}/[0-9a-f-]{36}$`));
    expect(await uploads(`boards/${s.boardId}`)).toEqual([keyOf(files[0]?.url as string)]);
    const res = await download(s.anna, files[0]?.id as number);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="passwd"; filename*=UTF-8''passwd`);
    await call(t.app, s.anna, 'DELETE', `/api/file/${s.boardId}/${files[0]?.id}/delete`);

    expect(safeFileName('..\\..\\boot.ini')).toBe('boot.ini');
    expect(safeFileName('..')).toBe('file');
    expect(safeFileName('a\u202Etxt.exe\u0000')).toBe('atxt.exe');
    expect(attachmentDisposition('Отчёт "Q1"; (итог).pdf')).toBe(
      `attachment; filename="_____ _Q1__ (____).pdf"; filename*=UTF-8''%D0%9E%D1%82%D1%87%D1%91%D1%82%20%22Q1%22%3B%20%28%D0%B8%D1%82%D0%BE%D0%B3%29.pdf`,
    );
  });

  it('only board members may ask for links, add, list, open or delete; a refusal changes nothing', async () => {
    const s = await setup();
    const files = await attach(s, Buffer.from('secret'));
    const file = files[0] as FileItem;
    const stranger = await person(t.app, 'Чужой');
    const invited = await person(t.app, 'Приглашённый');
    await call(t.app, s.anna, 'POST', '/api/invite/send', { boardId: s.boardId, email: invited.email });
    const removed = await person(t.app, 'Ушедший');
    await addMember(t.app, s.anna, s.boardId, removed);
    await call(t.app, removed, 'DELETE', `/api/board/${s.boardId}/member/${removed.id}`);

    // An object a member uploaded but did not add yet.
    const pending = await uploadLink(s.anna, s.boardId, s.taskId, { name: 'p', type: 'text/plain', size: 2 });
    expect((await put(pending, Buffer.from('hi'), 'text/plain')).statusCode).toBe(200);

    const rows = await filesRows(t.db, s.boardId);
    const boardVersion = await version(t.db, s.boardId);
    const onDisk = await uploads(`boards/${s.boardId}`);
    for (const outsider of [stranger, invited, removed]) {
      const calls = [
        call(
          t.app,
          outsider,
          'GET',
          uploadQuery(s.boardId, s.taskId, { name: 'a', type: 'text/plain', size: 1 }),
        ),
        call(t.app, outsider, 'POST', '/api/file/add', {
          boardId: s.boardId,
          taskId: s.taskId,
          name: 'p',
          url: pending.split('?')[0],
          type: 'text/plain',
          size: 2,
        }),
        call(t.app, outsider, 'GET', `/api/task/${s.boardId}/${s.taskId}`),
        call(t.app, outsider, 'GET', `/api/file/get?id=${file.id}`),
        call(t.app, outsider, 'DELETE', `/api/file/${s.boardId}/${file.id}/delete`),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ message: 'Нет доступа' });
      }
    }
    expect(await filesRows(t.db, s.boardId)).toEqual(rows);
    expect(await version(t.db, s.boardId)).toBe(boardVersion);
    expect(await uploads(`boards/${s.boardId}`)).toEqual(onDisk);

    // Without a token the board calls are 401; the signed object paths do not take a token at all.
    expect((await call(t.app, null, 'GET', `/api/file/get?id=${file.id}`)).status).toBe(401);
    expect((await call(t.app, null, 'DELETE', `/api/file/${s.boardId}/${file.id}/delete`)).status).toBe(401);
    await t.app.storage.remove(keyOf(pending));
    await call(t.app, s.anna, 'DELETE', `/api/file/${s.boardId}/${file.id}/delete`);
    expect(await uploads(`boards/${s.boardId}`)).toEqual([]);
  });

  it('a file on another board is 404 by its board path; unknown ids are 404', async () => {
    const s = await setup();
    const other = await setup();
    const files = await attach(s, Buffer.from('x'));
    const id = files[0]?.id as number;
    const res = await call(t.app, other.anna, 'DELETE', `/api/file/${other.boardId}/${id}/delete`);
    expect(res.status).toBe(404);
    expect((await call(t.app, s.anna, 'GET', '/api/file/get?id=2147483647')).status).toBe(404);
    expect(
      (
        await call(
          t.app,
          s.anna,
          'GET',
          uploadQuery(s.boardId, other.taskId, { name: 'a', type: 'text/plain', size: 1 }),
        )
      ).status,
    ).toBe(404);
    expect(await filesRows(t.db, s.boardId)).toHaveLength(1);
    await call(t.app, s.anna, 'DELETE', `/api/file/${s.boardId}/${id}/delete`);
  });

  it('deleting a task or a column deletes their files from disk', async () => {
    const s = await setup();
    const kept = await taskOnBoard(t.db, s.boardId, s.anna.id, 'Остаётся');
    const keptFiles = await attach({ ...s, taskId: kept }, Buffer.from('kept'));
    await attach(s, Buffer.from('one'));
    await attach(s, Buffer.from('two'));
    expect(await uploads(`boards/${s.boardId}`)).toHaveLength(3);

    const deleted = await call(t.app, s.anna, 'DELETE', `/api/task/delete/${s.boardId}/${s.taskId}`);
    expect(deleted.status).toBe(200);
    expect(await uploads(`boards/${s.boardId}`)).toEqual([keyOf(keptFiles[0]?.url as string)]);
    expect(await filesRows(t.db, s.boardId)).toHaveLength(1);

    const column = await t.db
      .selectFrom('tasks')
      .select('column_id')
      .where('id', '=', kept)
      .executeTakeFirstOrThrow();
    const url = `/api/column/delete/${s.boardId}/${column.column_id}`;
    expect((await call(t.app, s.anna, 'DELETE', url)).status).toBe(200);
    expect(await uploads(`boards/${s.boardId}`)).toEqual([]);
    expect(await filesRows(t.db, s.boardId)).toEqual([]);
  });

  it('deleting a board deletes its files from disk', async () => {
    const s = await setup();
    const second = await taskOnBoard(t.db, s.boardId, s.anna.id);
    await attach(s, Buffer.from('one'));
    await attach({ ...s, taskId: second }, Buffer.from('two'));
    const pending = await uploadLink(s.anna, s.boardId, s.taskId, { name: 'p', type: 'text/plain', size: 1 });
    expect((await put(pending, Buffer.from('p'), 'text/plain')).statusCode).toBe(200);
    expect(await uploads(`boards/${s.boardId}`)).toHaveLength(3);

    const member = await person(t.app);
    await addMember(t.app, s.anna, s.boardId, member);
    expect((await call(t.app, member, 'DELETE', `/api/board/${s.boardId}`)).status).toBe(403);
    expect(await uploads(`boards/${s.boardId}`)).toHaveLength(3);

    expect((await call(t.app, s.anna, 'DELETE', `/api/board/${s.boardId}`)).status).toBe(200);
    expect(await filesRows(t.db, s.boardId)).toEqual([]);
    // The added files are gone; an upload never added stays until it is swept (docs/decisions.md).
    expect(await uploads(`boards/${s.boardId}`)).toEqual([keyOf(pending)]);
    await t.app.storage.remove(keyOf(pending));
  });
});

describe('avatars', () => {
  const avatarLink = (who: Person, file: { name: string; type: string; size: number }) =>
    call<{ uploadUrl: string; objectUrl: string } & Errors>(
      t.app,
      who,
      'GET',
      `/api/file/avatar/upload?${new URLSearchParams({ ...file, size: String(file.size) })}`,
    );

  it('upload, add: the user shows it, served inline as an image; a new one removes the old', async () => {
    const anna = await person(t.app, 'Анна');
    const link = await avatarLink(anna, { name: 'me.png', type: 'image/png', size: PNG.length });
    expect(link.status).toBe(200);
    expect(link.body.objectUrl).toMatch(new RegExp(`^/api/file/object/avatars/${anna.id}/[0-9a-f-]{36}$`));
    expect(link.body.uploadUrl.split('?')[0]).toBe(link.body.objectUrl);
    expect((await put(link.body.uploadUrl, PNG, 'image/png')).statusCode).toBe(200);

    const added = await call<User>(t.app, anna, 'POST', '/api/file/avatar/add', { url: link.body.objectUrl });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({
      id: anna.id,
      name: 'Анна',
      email: anna.email,
      gender: null,
      avatar: link.body.objectUrl,
    });
    const me = await call<User>(t.app, anna, 'GET', '/api/auth/user');
    expect(me.body.avatar).toBe(link.body.objectUrl);

    const served = await t.app.inject({ method: 'GET', url: link.body.objectUrl });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'content-disposition': 'inline',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });

    // A JPEG under a .png name and type is still an image; it is served as what its bytes are.
    const next = await avatarLink(anna, { name: 'new.png', type: 'image/png', size: JPEG.length });
    expect((await put(next.body.uploadUrl, JPEG, 'image/png')).statusCode).toBe(200);
    expect(
      (await call(t.app, anna, 'POST', '/api/file/avatar/add', { url: next.body.objectUrl })).status,
    ).toBe(200);
    expect(await uploads(`avatars/${anna.id}`)).toEqual([keyOf(next.body.objectUrl)]);
    expect((await t.app.inject({ method: 'GET', url: next.body.objectUrl })).headers['content-type']).toBe(
      'image/jpeg',
    );
    expect((await t.app.inject({ method: 'GET', url: link.body.objectUrl })).statusCode).toBe(404);

    const board = await createBoard(t.app, anna);
    const detail = await call<Board>(t.app, anna, 'GET', `/api/board/${board}`);
    expect(detail.body.members[0]?.avatar).toBe(next.body.objectUrl);
    await t.db.updateTable('users').set({ avatar: null }).where('id', '=', anna.id).execute();
    await t.app.storage.remove(keyOf(next.body.objectUrl));
  });

  it('refuses what is not an image, by type and by its first bytes, leaving nothing behind', async () => {
    const boris = await person(t.app, 'Борис');
    for (const type of ['text/plain', 'image/svg+xml', 'text/html']) {
      const res = await avatarLink(boris, { name: 'x', type, size: 10 });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ type: 'Аватар должен быть картинкой PNG, JPEG, GIF или WebP' });
    }
    for (const body of [
      Buffer.from('just some text, not a picture'),
      Buffer.from('<svg>'),
      Buffer.from('GIF8'),
    ]) {
      const link = await avatarLink(boris, { name: 'x.png', type: 'image/png', size: body.length });
      const res = await put(link.body.uploadUrl, body, 'image/png');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Аватар должен быть картинкой PNG, JPEG, GIF или WebP' });
      expect(await uploads(`avatars/${boris.id}`)).toEqual([]);
      const add = await call<Errors>(t.app, boris, 'POST', '/api/file/avatar/add', {
        url: link.body.objectUrl,
      });
      expect(add.status).toBe(400);
    }
    // An object under avatars/ written some other way is still checked when added and when served.
    const key = `avatars/${boris.id}/${randomUUID()}`;
    await t.app.storage.put(key, Readable.from([Buffer.from('<html>')]), { maxBytes: 100 });
    expect(
      (await call(t.app, boris, 'POST', '/api/file/avatar/add', { url: `/api/file/object/${key}` })).status,
    ).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/file/object/${key}` })).statusCode).toBe(404);
    await t.app.storage.remove(key);
    const me = await call<User>(t.app, boris, 'GET', '/api/auth/user');
    expect(me.body.avatar).toBeNull();
  });

  it("one cannot take someone else's avatar object or a board file as an avatar", async () => {
    const anna = await person(t.app, 'Анна');
    const boris = await person(t.app, 'Борис');
    const link = await avatarLink(anna, { name: 'a.png', type: 'image/png', size: PNG.length });
    await put(link.body.uploadUrl, PNG, 'image/png');
    const res = await call<Errors>(t.app, boris, 'POST', '/api/file/avatar/add', {
      url: link.body.objectUrl,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ url: 'Некорректная ссылка на файл' });
    const s = await setup();
    const files = await attach(s, PNG, 'p.png', 'image/png');
    expect((await call(t.app, s.anna, 'POST', '/api/file/avatar/add', { url: files[0]?.url })).status).toBe(
      400,
    );
    expect((await call<User>(t.app, boris, 'GET', '/api/auth/user')).body.avatar).toBeNull();
    await t.app.storage.remove(keyOf(link.body.objectUrl));
    await call(t.app, s.anna, 'DELETE', `/api/file/${s.boardId}/${files[0]?.id}/delete`);
    expect(await uploads(`avatars/${anna.id}`)).toEqual([]);
    expect(await uploads(`boards/${s.boardId}`)).toEqual([]);
  });
});

describe('orphaned uploads', () => {
  it('add refuses uploads over an hour old; the sweep removes day-old objects nothing names', async () => {
    const s = await setup();
    const added = await attach(s, Buffer.from('kept'));
    const orphan = await uploadLink(s.anna, s.boardId, s.taskId, { name: 'o', type: 'text/plain', size: 1 });
    expect((await put(orphan, Buffer.from('o'), 'text/plain')).statusCode).toBe(200);
    const hoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(join(t.config.dataDir, 'uploads', keyOf(orphan)), hoursAgo, hoursAgo);
    const late = await call<Errors>(t.app, s.anna, 'POST', '/api/file/add', {
      boardId: s.boardId,
      taskId: s.taskId,
      name: 'o',
      url: orphan.split('?')[0],
      type: 'text/plain',
      size: 1,
    });
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ url: 'Загрузка устарела, загрузите файл заново' });

    const set = await avatarLinkOf(s.anna, PNG);
    expect((await call(t.app, s.anna, 'POST', '/api/file/avatar/add', { url: set })).status).toBe(200);
    const unset = await avatarLinkOf(s.anna, PNG);

    // A day later everything is old: only what a row names stays.
    await sweepOrphans(t.db, t.app.storage, Date.now() + 25 * 60 * 60 * 1000);
    expect(await uploads(`boards/${s.boardId}`)).toEqual([keyOf(added[0]?.url as string)]);
    expect(await uploads(`avatars/${s.anna.id}`)).toEqual([keyOf(set)]);
    expect(unset).not.toBe(set);

    // Fresh orphans are left alone.
    const fresh = await uploadLink(s.anna, s.boardId, s.taskId, { name: 'f', type: 'text/plain', size: 1 });
    expect((await put(fresh, Buffer.from('f'), 'text/plain')).statusCode).toBe(200);
    await sweepOrphans(t.db, t.app.storage);
    expect(await uploads(`boards/${s.boardId}`)).toHaveLength(2);
    await t.app.storage.removeMany([keyOf(fresh), keyOf(set)]);
    await t.db.updateTable('users').set({ avatar: null }).where('id', '=', s.anna.id).execute();
  });
});

describe('link signing', () => {
  it('binds key, size, type and expiry, and keeps upload and download links apart', () => {
    const grant = { key: `boards/1/${randomUUID()}`, size: 10, type: 'text/plain' };
    const query = signer.signUpload(grant);
    expect(signer.verifyUpload(grant, query)).toBe('valid');
    expect(signer.verifyUpload({ ...grant, size: 11 }, query)).toBe('invalid');
    expect(signer.verifyUpload({ ...grant, type: 'text/html' }, query)).toBe('invalid');
    expect(signer.verifyUpload({ ...grant, key: `boards/1/${randomUUID()}` }, query)).toBe('invalid');
    expect(signer.verifyDownload(grant.key, query)).toBe('invalid');
    expect(signer.verifyUpload(grant, query, Date.now() + 16 * 60 * 1000)).toBe('expired');
    expect(new LinkSigner('another-secret-another-secret-0123').verifyUpload(grant, query)).toBe('invalid');
    const download = signer.signDownload(grant.key);
    expect(signer.verifyDownload(grant.key, download)).toBe('valid');
    expect(signer.verifyDownload(grant.key, download, Date.now() + 6 * 60 * 1000)).toBe('expired');
  });
});
