import { describe, expect, it } from 'vitest';
import {
  addLabel,
  addTask,
  boardDetail,
  boardSnapshot,
  boardVersion,
  call,
  editBody,
  seedBoard,
  type TestBoard,
  useTestApp,
} from '../../test/fixtures.js';

const t = useTestApp();

/** The task as its modal loads it: the edit body plus the version it was loaded at. */
async function openTask(b: TestBoard, taskId: string) {
  const { body } = await call(t.app, b.member, 'GET', `/api/task/${b.id}/${taskId}`);
  return { ...(await editBody(t.app, b, taskId)), version: body.version as number };
}

const edit = (b: TestBoard, who = b.member, body: object) => call(t.app, who, 'PUT', '/api/task/edit', body);

describe('PUT /api/task/edit with the version the form was loaded from', () => {
  it('merges a stale save of another field: both changes are kept', async () => {
    const b = await seedBoard(t.app);
    const taskId = await addTask(t.app, b);
    const alice = await openTask(b, taskId);
    const bob = await openTask(b, taskId);
    expect(alice.version).toBe(1);

    const first = await edit(b, b.member, { ...alice, description: 'Описание Алисы' });
    expect(first.body.version).toBe(2);
    const second = await edit(b, b.creator, { ...bob, assignees: [b.creator.id] });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ assignees: [b.creator.id], hasDescription: true, version: 3 });

    const now = await call(t.app, b.member, 'GET', `/api/task/${b.id}/${taskId}`);
    expect(now.body).toMatchObject({ description: 'Описание Алисы', assignees: [b.creator.id], version: 3 });
  });

  it('answers 409 with the current task and who changed the field, writing nothing', async () => {
    const b = await seedBoard(t.app);
    const taskId = await addTask(t.app, b);
    const alice = await openTask(b, taskId);
    const bob = await openTask(b, taskId);
    await edit(b, b.member, { ...alice, description: 'Алиса' });
    const before = await boardSnapshot(t.db, b.id);

    const res = await edit(b, b.creator, { ...bob, description: 'Боб', title: 'Новое название' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      message: 'Задачу изменили',
      task: { id: taskId, description: 'Алиса', title: 'Задача', version: 2, comments: [], files: [] },
      conflicts: [{ field: 'description', userId: b.member.id, name: b.member.name }],
    });
    expect(await boardSnapshot(t.db, b.id)).toEqual(before);
  });

  it('takes a stale save whose value equals what is there now, and keeps a move made meanwhile', async () => {
    const b = await seedBoard(t.app);
    const taskId = await addTask(t.app, b);
    const bob = await openTask(b, taskId);
    await call(t.app, b.member, 'PUT', '/api/task/move', {
      boardId: b.id,
      taskId,
      newColumnId: b.columns[2],
      newColumnTaskIds: [taskId],
    });
    await edit(b, b.member, { ...(await openTask(b, taskId)), title: 'Одинаково' });

    const res = await edit(b, b.creator, { ...bob, title: 'Одинаково', priority: 'high' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ columnId: b.columns[2], title: 'Одинаково', priority: 'high' });
  });

  it('without a version overwrites every field, as before', async () => {
    const b = await seedBoard(t.app);
    const taskId = await addTask(t.app, b);
    const { version: _version, ...bob } = await openTask(b, taskId);
    await edit(b, b.member, { ...(await openTask(b, taskId)), description: 'Алиса' });
    const res = await edit(b, b.creator, { ...bob, title: 'Боб' });
    expect(res.status).toBe(200);
    const now = await call(t.app, b.member, 'GET', `/api/task/${b.id}/${taskId}`);
    expect(now.body).toMatchObject({ title: 'Боб', description: '' });
  });

  it('refuses an outsider (403) and a malformed version (400, by field)', async () => {
    const b = await seedBoard(t.app);
    const taskId = await addTask(t.app, b);
    const loaded = await openTask(b, taskId);
    const outsider = await edit(b, b.outsider, { ...loaded, title: 'Чужое' });
    expect(outsider.status).toBe(403);
    const res = await edit(b, b.member, { ...loaded, version: 'old', title: '' });
    expect(res).toMatchObject({
      status: 400,
      body: { version: 'Некорректная версия', title: 'Введите название задачи' },
    });
  });

  it('does not advance the version of a save that changes nothing', async () => {
    const b = await seedBoard(t.app);
    const taskId = await addTask(t.app, b);
    const res = await edit(b, b.member, await openTask(b, taskId));
    expect(res.body.version).toBe(1);
  });
});

describe('versioned column, label and board edits', () => {
  it('a stale column rename answers 409 "Колонку изменили"; a current one renames', async () => {
    const b = await seedBoard(t.app);
    const url = `/api/column/edit/${b.id}/${b.columns[0]}`;
    const ok = await call(t.app, b.member, 'PUT', url, { name: 'Очередь', version: 1 });
    expect(ok.body).toMatchObject({ name: 'Очередь', version: 2 });
    const stale = await call(t.app, b.creator, 'PUT', url, { name: 'Бэклог', version: 1 });
    expect(stale).toMatchObject({
      status: 409,
      body: {
        message: 'Колонку изменили',
        column: { id: b.columns[0], name: 'Очередь', version: 2 },
        conflicts: [{ field: 'name', userId: b.member.id, name: b.member.name }],
      },
    });
    const again = await call(t.app, b.creator, 'PUT', url, { name: 'Бэклог', version: 2 });
    expect(again.body).toMatchObject({ name: 'Бэклог', version: 3 });
  });

  it('a stale label edit merges other fields and refuses the same field', async () => {
    const b = await seedBoard(t.app);
    const labelId = await addLabel(t.app, b, 'Баг');
    const url = `/api/label/${b.id}/${labelId}`;
    await call(t.app, b.member, 'PUT', url, {
      title: 'Ошибка',
      color: '#123456',
      isMainColor: false,
      version: 1,
    });
    const merged = await call(t.app, b.creator, 'PUT', url, {
      title: 'Баг',
      color: '#ff0000',
      isMainColor: false,
      version: 1,
    });
    expect(merged.body).toMatchObject({ title: 'Ошибка', color: '#ff0000', version: 3 });
    const refused = await call(t.app, b.creator, 'PUT', url, {
      title: 'Дефект',
      color: '#ff0000',
      isMainColor: false,
      version: 1,
    });
    expect(refused).toMatchObject({
      status: 409,
      body: { message: 'Метку изменили', label: { title: 'Ошибка' } },
    });
  });

  it('a stale board edit keeps the other settings and refuses a name changed meanwhile', async () => {
    const b = await seedBoard(t.app);
    const loaded = (await boardDetail(t.app, b.creator, b.id)).body;
    const settings = {
      name: loaded.name,
      color: loaded.color,
      showIdsMode: 'empty',
      showTotalColumnEstimation: false,
    };
    const url = `/api/board/edit/${b.id}`;
    await call(t.app, b.creator, 'PUT', url, { ...settings, name: 'Первое имя', version: loaded.version });
    const merged = await call(t.app, b.creator, 'PUT', url, {
      ...settings,
      color: '#00aa00',
      version: loaded.version,
    });
    expect(merged.status).toBe(200);
    const now = (await boardDetail(t.app, b.creator, b.id)).body;
    expect(now).toMatchObject({ name: 'Первое имя', color: '#00aa00' });
    const stale = await call(t.app, b.creator, 'PUT', url, {
      ...settings,
      name: 'Второе',
      version: loaded.version,
    });
    expect(stale).toMatchObject({
      status: 409,
      body: { message: 'Доску изменили', board: { name: 'Первое имя' }, conflicts: [{ field: 'name' }] },
    });
  });
});

describe('GET /api/board/{id} with If-None-Match', () => {
  it('answers 304 while the board is unchanged and the new board after a change', async () => {
    const b = await seedBoard(t.app);
    const get = (headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'GET',
        url: `/api/board/${b.id}`,
        headers: { authorization: `Bearer ${b.member.token}`, ...headers },
      });
    const first = await get();
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const same = await get({ 'if-none-match': etag });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    const filtered = await t.app.inject({
      method: 'GET',
      url: `/api/board/${b.id}?priority=high`,
      headers: { authorization: `Bearer ${b.member.token}`, 'if-none-match': etag },
    });
    expect(filtered.statusCode).toBe(200);

    await addTask(t.app, b);
    const changed = await get({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(Object.keys(changed.json().tasks)).toHaveLength(1);
    // Access is checked before the cache: an outsider gets 403 whatever tag it sends.
    const outsider = await t.app.inject({
      method: 'GET',
      url: `/api/board/${b.id}`,
      headers: {
        authorization: `Bearer ${b.outsider.token}`,
        'if-none-match': changed.headers.etag as string,
      },
    });
    expect(outsider.statusCode).toBe(403);
  });

  it('answers each change with the board version in its headers', async () => {
    const b = await seedBoard(t.app);
    const before = await boardVersion(t.db, b.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/task/create',
      headers: { authorization: `Bearer ${b.member.token}` },
      payload: { boardId: b.id, columnId: b.columns[0], title: 'Задача' },
    });
    expect(res.headers['x-board-id']).toBe(String(b.id));
    expect(res.headers['x-board-version']).toBe(String(before + 1));
  });
});
