import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Board } from 'contract/boards';
import type { FileItem } from 'contract/files';
import type { TaskDetail } from 'contract/tasks';
import { beforeAll, describe, expect, it } from 'vitest';
import { filesKit, keyOf, multipart, type Setup, uploadQuery } from '../../test/files.js';
import { boardVersion, call, createTestApp, type Errors, useTestApp } from '../../test/fixtures.js';
import { loadConfig } from '../config.js';

const t = useTestApp();
const { signer, uploads, setup, uploadLink, put, download, filesRows } = filesKit(t);

describe('board files', () => {
  it('upload link, PUT, add, list, download, delete: the whole flow', async () => {
    const s = await setup();
    const bytes = Buffer.from('Привет, файл!\n'.repeat(20));
    const before = await boardVersion(t.db, s.boardId);

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
    expect(await boardVersion(t.db, s.boardId)).toBe(before);

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
    expect(await boardVersion(t.db, s.boardId)).toBe(before + 1);

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
    expect(await boardVersion(t.db, s.boardId)).toBe(before + 2);
    expect(await uploads(`boards/${s.boardId}`)).toEqual([]);
    expect(await filesRows(s.boardId)).toEqual([]);
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
      expect(await filesRows(s.boardId)).toEqual([]);
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
      const url = signer().uploadUrl({ key, size: 10, type: 'text/plain' }, Date.now() - 16 * 60 * 1000);
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
      const url = signer().uploadUrl({ key, size: 5000, type: 'text/plain' });
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
});
