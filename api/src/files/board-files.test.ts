import type { FileItem } from 'contract/files';
import { describe, expect, it } from 'vitest';
import { filesKit, keyOf, uploadQuery } from '../../test/files.js';
import { addMember, boardVersion, call, type Errors, person, useTestApp } from '../../test/fixtures.js';
import { attachmentDisposition, safeFileName } from './content.js';
import { sweepOrphans } from './sweep.js';

const t = useTestApp();
const { uploads, setup, uploadLink, put, attach, download, filesRows, taskOnBoard } = filesKit(t);

describe('board files', () => {
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
    expect(await filesRows(s.boardId)).toEqual([]);
    expect(await filesRows(other.boardId)).toEqual([]);

    // An absolute url (with its query) names the same object.
    const first = await add({ url: `http://kanban.test${url}` });
    expect(first.status).toBe(200);
    const twice = await add({ url: path });
    expect(twice.status).toBe(400);
    expect(twice.body).toEqual({ url: 'Этот файл уже добавлен' });
    expect(await filesRows(s.boardId)).toHaveLength(1);
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

    const rows = await filesRows(s.boardId);
    const versionBefore = await boardVersion(t.db, s.boardId);
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
    expect(await filesRows(s.boardId)).toEqual(rows);
    expect(await boardVersion(t.db, s.boardId)).toBe(versionBefore);
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
    expect(await filesRows(s.boardId)).toHaveLength(1);
    await call(t.app, s.anna, 'DELETE', `/api/file/${s.boardId}/${id}/delete`);
  });

  it('a deleted task or column keeps its files on disk until the trash is emptied', async () => {
    const s = await setup();
    const kept = await taskOnBoard(t.db, s.boardId, s.anna.id, 'Остаётся');
    await attach({ ...s, taskId: kept }, Buffer.from('kept'));
    await attach(s, Buffer.from('one'));
    await attach(s, Buffer.from('two'));
    expect(await uploads(`boards/${s.boardId}`)).toHaveLength(3);

    const onDisk = await uploads(`boards/${s.boardId}`);
    const deleted = await call(t.app, s.anna, 'DELETE', `/api/task/delete/${s.boardId}/${s.taskId}`);
    expect(deleted.status).toBe(200);
    expect(await uploads(`boards/${s.boardId}`)).toEqual(onDisk);
    expect(await filesRows(s.boardId)).toHaveLength(1);

    const column = await t.db
      .selectFrom('tasks')
      .select('column_id')
      .where('id', '=', kept)
      .executeTakeFirstOrThrow();
    const url = `/api/column/delete/${s.boardId}/${column.column_id}`;
    expect((await call(t.app, s.anna, 'DELETE', url)).status).toBe(200);
    expect(await filesRows(s.boardId)).toEqual([]);
    // The trash still names them: the orphan sweep, even a day on, keeps them.
    await sweepOrphans(t.db, t.app.storage, Date.now() + 25 * 60 * 60 * 1000);
    expect(await uploads(`boards/${s.boardId}`)).toEqual(onDisk);

    expect((await call(t.app, s.anna, 'DELETE', `/api/trash/${s.boardId}`)).status).toBe(200);
    expect(await uploads(`boards/${s.boardId}`)).toEqual([]);
  });

  it('a deleted board keeps its files until the nightly purge (trash/purge.test.ts)', async () => {
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

    const rows = await filesRows(s.boardId);
    expect((await call(t.app, s.anna, 'DELETE', `/api/board/${s.boardId}`)).status).toBe(200);
    // Its creator may restore it for 30 days: rows and objects stay (an upload never added is swept).
    expect(await filesRows(s.boardId)).toEqual(rows);
    expect(await uploads(`boards/${s.boardId}`)).toHaveLength(3);
    await t.app.storage.remove(keyOf(pending));
  });
});
