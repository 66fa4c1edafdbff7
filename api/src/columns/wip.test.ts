/**
 * WIP limits (issue 33): set by the column edit, a strict one refuses cards into a full column with a
 * 409 and writes nothing, under concurrency too.
 */
import { describe, expect, it } from 'vitest';
import {
  addTask,
  boardDetail,
  boardSnapshot,
  call,
  columnTasks,
  refused,
  seedBoard,
  type TestBoard,
  useTestApp,
} from '../../test/fixtures.js';

const t = useTestApp();

const setLimit = (b: TestBoard, columnId: string, limit: object, name = 'В работе') =>
  call(t.app, b.creator, 'PUT', `/api/column/edit/${b.id}/${columnId}`, { name, ...limit });

const move = (b: TestBoard, taskId: string, columnId: string, listed: string[] = [taskId]) =>
  call(t.app, b.member, 'PUT', '/api/task/move', {
    boardId: b.id,
    taskId,
    newColumnId: columnId,
    newColumnTaskIds: listed,
  });

const FULL = (limit: number) => ({ status: 409, body: { message: `Колонка заполнена: лимит ${limit}` } });

describe('PUT /api/column/edit: wipLimit and wipStrict', () => {
  it('sets, keeps when omitted and clears the limit; the column shape carries it', async () => {
    const b = await seedBoard(t.app);
    const column = b.columns[1]!;
    const fresh = (await boardDetail(t.app, b.member, b.id)).body.columns[column]!;
    expect(fresh).toMatchObject({ wipLimit: null, wipStrict: false });

    const set = await setLimit(b, column, { wipLimit: 4, wipStrict: true });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ id: column, wipLimit: 4, wipStrict: true, version: fresh.version + 1 });
    const renamed = await setLimit(b, column, {}, 'Делаем');
    expect(renamed.body).toMatchObject({ name: 'Делаем', wipLimit: 4, wipStrict: true });
    const cleared = await setLimit(b, column, { wipLimit: null });
    expect(cleared.body).toMatchObject({ wipLimit: null, wipStrict: true });
    expect((await boardDetail(t.app, b.member, b.id)).body.columns[column]).toMatchObject({
      wipLimit: null,
      wipStrict: true,
    });
  });

  it('refuses a limit that is not a whole number from 1 to 1000, field-keyed, writing nothing', async () => {
    const b = await seedBoard(t.app);
    for (const wipLimit of [0, -1, 1001, 2.5, 'много', true]) {
      const res = await refused(t.app, b.creator, 'PUT', `/api/column/edit/${b.id}/${b.columns[1]}`, {
        name: 'В работе',
        wipLimit,
      });
      expect({ wipLimit, ...res }).toEqual({
        wipLimit,
        status: 400,
        body: { wipLimit: 'Лимит — целое число от 1 до 1000' },
      });
    }
    const strict = await refused(t.app, b.creator, 'PUT', `/api/column/edit/${b.id}/${b.columns[1]}`, {
      name: 'В работе',
      wipStrict: 'да',
    });
    expect(strict).toEqual({ status: 400, body: { wipStrict: 'Некорректное значение' } });
    expect((await setLimit(b, b.columns[1]!, { wipLimit: 1000 })).status).toBe(200);
  });
});

describe('a strict limit', () => {
  it('refuses a move and a create into a full column with 409, nothing changes', async () => {
    const b = await seedBoard(t.app);
    const [todo, doing] = [b.columns[0]!, b.columns[1]!];
    const inDoing = [await addTask(t.app, b, doing), await addTask(t.app, b, doing)];
    const waiting = await addTask(t.app, b, todo);
    await setLimit(b, doing, { wipLimit: 2, wipStrict: true });

    const before = await boardSnapshot(t.db, b.id);
    expect(await move(b, waiting, doing, [waiting, ...inDoing])).toEqual(FULL(2));
    const created = await call(t.app, b.member, 'POST', '/api/task/create', {
      boardId: b.id,
      columnId: doing,
      title: 'Ещё одна',
    });
    expect(created).toEqual(FULL(2));
    const edited = await call(t.app, b.member, 'GET', `/api/task/${b.id}/${waiting}`);
    const viaEdit = await call(t.app, b.member, 'PUT', '/api/task/edit', {
      boardId: b.id,
      taskId: waiting,
      title: edited.body.title,
      description: '',
      columnId: doing,
      estimation: '',
      priority: null,
      assignees: [],
      labels: [],
    });
    expect(viaEdit).toEqual(FULL(2));
    expect(await boardSnapshot(t.db, b.id)).toEqual(before);

    // A move inside the full column only reorders: never refused.
    expect((await move(b, inDoing[1]!, doing, [inDoing[1]!, inDoing[0]!])).status).toBe(200);
    expect(await columnTasks(t.db, doing)).toEqual([inDoing[1], inDoing[0]]);
    // A card out makes room for one in.
    expect((await move(b, inDoing[0]!, todo, [waiting, inDoing[0]!])).status).toBe(200);
    expect((await move(b, waiting, doing, [waiting])).status).toBe(200);
  });

  it('lets a column over a lowered limit keep its cards; archived ones do not count', async () => {
    const b = await seedBoard(t.app);
    const [todo, doing] = [b.columns[0]!, b.columns[1]!];
    const three = [
      await addTask(t.app, b, doing),
      await addTask(t.app, b, doing),
      await addTask(t.app, b, doing),
    ];
    const waiting = await addTask(t.app, b, todo);
    expect((await setLimit(b, doing, { wipLimit: 2, wipStrict: true })).status).toBe(200);
    expect(await columnTasks(t.db, doing)).toEqual(three);
    expect(await move(b, waiting, doing)).toEqual(FULL(2));

    // Two archived: one left, room for one.
    for (const taskId of three.slice(0, 2)) {
      const archived = await call(t.app, b.member, 'PUT', '/api/task/archive', {
        boardId: b.id,
        taskId,
        archived: true,
      });
      expect(archived.status).toBe(200);
    }
    expect((await move(b, waiting, doing, [three[2]!, waiting])).status).toBe(200);
    // Back from the archive into a full column: refused as well.
    const back = await call(t.app, b.member, 'PUT', '/api/task/archive', {
      boardId: b.id,
      taskId: three[0],
      archived: false,
    });
    expect(back).toEqual(FULL(2));
  });

  it('refuses a card restored from the trash, copied or moved to the board into a full column', async () => {
    const b = await seedBoard(t.app);
    const [todo, doing] = [b.columns[0]!, b.columns[1]!];
    const deleted = await addTask(t.app, b, doing);
    await addTask(t.app, b, doing);
    const other = await addTask(t.app, b, todo);
    expect((await call(t.app, b.member, 'DELETE', `/api/task/delete/${b.id}/${deleted}`)).status).toBe(200);
    await addTask(t.app, b, doing);
    await setLimit(b, doing, { wipLimit: 2, wipStrict: true });

    const restore = { kind: 'task', id: deleted };
    expect(await call(t.app, b.member, 'POST', `/api/trash/${b.id}/restore`, restore)).toEqual(FULL(2));
    // Refused, the entry stays in the trash.
    const trash = await call(t.app, b.member, 'GET', `/api/trash/${b.id}`);
    expect(trash.body.map((item: { id: string }) => item.id)).toEqual([deleted]);

    const body = { boardId: b.id, taskId: other, toBoardId: b.id, toColumnId: doing };
    expect(await call(t.app, b.member, 'POST', '/api/task/copy', body)).toEqual(FULL(2));
    expect(await call(t.app, b.member, 'POST', '/api/task/move-to-board', body)).toEqual(FULL(2));
  });

  it('lets exactly one of 50 concurrent moves into the one free slot win', async () => {
    const b = await seedBoard(t.app);
    const [todo, doing] = [b.columns[0]!, b.columns[1]!];
    for (let i = 0; i < 3; i += 1) await addTask(t.app, b, doing);
    const movers: string[] = [];
    for (let i = 0; i < 50; i += 1) movers.push(await addTask(t.app, b, todo));
    await setLimit(b, doing, { wipLimit: 4, wipStrict: true });

    const answers = await Promise.all(movers.map((taskId) => move(b, taskId, doing)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    for (const answer of answers.filter((item) => item.status === 409)) expect(answer).toEqual(FULL(4));
    expect(await columnTasks(t.db, doing)).toHaveLength(4);
    expect(await columnTasks(t.db, todo)).toHaveLength(49);
  });
});

describe('a limit that is not strict', () => {
  it('lets cards in over the limit', async () => {
    const b = await seedBoard(t.app);
    const [todo, doing] = [b.columns[0]!, b.columns[1]!];
    await addTask(t.app, b, doing);
    await setLimit(b, doing, { wipLimit: 1 });
    const waiting = await addTask(t.app, b, todo);
    expect((await move(b, waiting, doing)).status).toBe(200);
    expect((await addTask(t.app, b, doing)) !== '').toBe(true);
    expect(await columnTasks(t.db, doing)).toHaveLength(3);
  });
});
