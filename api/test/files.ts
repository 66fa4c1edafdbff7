/**
 * Helpers of the files tests, on the shared fixtures: a board with a task to attach to, upload links,
 * PUTs and multipart bodies, and what the uploads folder holds.
 */
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { Readable } from 'node:stream';
import type { FileItem } from 'contract/files';
import { expect } from 'vitest';
import type { App } from '../src/app.js';
import { LinkSigner } from '../src/files/signing.js';
import { call, createBoard, insertTask, type Person, person, type TestApp } from './fixtures.js';

export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452', 'hex'),
  Buffer.alloc(40, 7),
]);
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 3)]);

export const keyOf = (url: string) => new URL(url, 'http://x').pathname.replace('/api/file/object/', '');

export interface Setup {
  anna: Person;
  boardId: number;
  taskId: number;
}

export function multipart(bytes: Buffer, type: string, filename = 'report.pdf') {
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

export function uploadQuery(
  boardId: number,
  taskId: number,
  file: { name: string; type: string; size: number },
) {
  const query = new URLSearchParams({
    name: file.name,
    boardId: String(boardId),
    taskId: String(taskId),
    type: file.type,
    size: String(file.size),
  });
  return `/api/file/upload?${query}`;
}

/** The helpers bound to the test file's app (`const t = useTestApp()`). */
export function filesKit(t: TestApp) {
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

  async function taskOnBoard(db: TestApp['db'], boardId: number, createdBy: number, title = 'Задача') {
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

  const filesRows = (boardId: number) =>
    t.db.selectFrom('files').selectAll().where('board_id', '=', boardId).orderBy('id').execute();

  /** A signer with the app's secret, for links made by hand. */
  const signer = () => new LinkSigner(t.config.jwtSecret);

  return { signer, uploads, taskOnBoard, setup, uploadLink, put, attach, avatarLinkOf, download, filesRows };
}
