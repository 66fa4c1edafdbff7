/** 'В архив' and 'Вернуть': tasks and columns leave the board whole and come back to their place. */

import type { Activity } from 'contract/activity';
import type { Archive } from 'contract/archive';
import type { Board } from 'contract/boards';
import type { MyTask } from 'contract/my-tasks';
import { describe, expect, it } from 'vitest';
import {
  addTask,
  boardDetail,
  boardSnapshot,
  call,
  seedBoard,
  type TestBoard,
  useTestApp,
} from '../../test/fixtures.js';

const t = useTestApp();

const board = async (b: TestBoard) => (await boardDetail(t.app, b.member, b.id)).body as Board;
const archive = async (b: TestBoard) =>
  (await call<Archive>(t.app, b.member, 'GET', `/api/archive/${b.id}`)).body;

describe('the archive', () => {
  it("takes a task off the board, its counts and 'Мои задачи', and puts it back in its place", async () => {
    const b = await seedBoard(t.app);
    const [todo] = b.columns as [string];
    const ids = [];
    for (const title of ['Первая', 'Вторая', 'Третья'])
      ids.push(await addTask(t.app, b, todo, { title, assignees: [b.member.id] }));
    const [, second] = ids as [string, string, string];

    const put = (archived: boolean) =>
      call(t.app, b.member, 'PUT', '/api/task/archive', { boardId: b.id, taskId: second, archived });
    expect((await put(true)).status).toBe(200);
    const without = await board(b);
    expect(without.tasks[second]).toBeUndefined();
    expect(without.columns[todo]?.taskIds).toEqual([ids[0], ids[2]]);
    const mine = await call<MyTask[]>(t.app, b.member, 'GET', '/api/task/mine');
    expect(mine.body.map((task) => task.title)).not.toContain('Вторая');
    const listed = await archive(b);
    expect(listed.tasks).toEqual([
      expect.objectContaining({
        id: second,
        title: 'Вторая',
        column: { id: todo, name: 'Нужно сделать', archived: false },
        archivedBy: { id: b.member.id, name: 'Участник' },
      }),
    ]);
    // Archived already: nothing to archive.
    expect((await put(true)).status).toBe(404);

    expect((await put(false)).status).toBe(200);
    expect((await board(b)).columns[todo]?.taskIds).toEqual(ids);
    expect((await archive(b)).tasks).toEqual([]);
    expect((await put(false)).status).toBe(404);

    const activity = await call<Activity[]>(t.app, b.member, 'GET', `/api/activity/${b.id}`);
    expect(activity.body.slice(0, 2).map((row) => [row.kind, row.task?.title])).toEqual([
      ['task.unarchived', 'Вторая'],
      ['task.archived', 'Вторая'],
    ]);
  });

  it('takes a column with its tasks and brings it back; a task of it waits for the column', async () => {
    const b = await seedBoard(t.app);
    const [todo, doing] = b.columns as [string, string, string];
    const kept = await addTask(t.app, b, doing, { title: 'В колонке' });
    const alone = await addTask(t.app, b, doing, { title: 'Отдельно' });
    const column = (archived: boolean) =>
      call(t.app, b.member, 'PUT', '/api/column/archive', { boardId: b.id, columnId: doing, archived });
    expect(
      (
        await call(t.app, b.member, 'PUT', '/api/task/archive', {
          boardId: b.id,
          taskId: alone,
          archived: true,
        })
      ).status,
    ).toBe(200);
    expect((await column(true)).status).toBe(200);

    const without = await board(b);
    expect(without.columnOrder).toEqual([todo, b.columns[2]]);
    expect(without.tasks[kept]).toBeUndefined();
    // Nothing goes into an archived column.
    const created = await call(t.app, b.member, 'POST', '/api/task/create', {
      boardId: b.id,
      columnId: doing,
      title: 'Туда',
    });
    expect(created.status).toBe(400);
    expect((await archive(b)).columns).toEqual([
      expect.objectContaining({ id: doing, name: 'В работе', tasksCount: 1 }),
    ]);
    const early = await call(t.app, b.member, 'PUT', '/api/task/archive', {
      boardId: b.id,
      taskId: alone,
      archived: false,
    });
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ message: 'Сначала верните колонку «В работе» из архива' });

    expect((await column(false)).status).toBe(200);
    const back = await board(b);
    expect(back.columnOrder).toEqual(b.columns);
    expect(back.columns[doing]?.taskIds).toEqual([kept]);
    expect((await archive(b)).tasks.map((task) => task.id)).toEqual([alone]);
  });

  it('checks membership before the body, and a bad body changes nothing', async () => {
    const b = await seedBoard(t.app);
    const task = await addTask(t.app, b);
    for (const [url, body] of [
      ['/api/task/archive', { boardId: b.id, taskId: task, archived: 'да' }],
      ['/api/column/archive', { boardId: b.id, columnId: b.columns[0], archived: 'да' }],
    ] as const) {
      expect((await call(t.app, b.outsider, 'PUT', url, body)).status).toBe(403);
      const before = await boardSnapshot(t.db, b.id);
      const bad = await call(t.app, b.member, 'PUT', url, body);
      expect(bad).toMatchObject({ status: 400, body: { archived: 'Некорректное значение' } });
      expect(await boardSnapshot(t.db, b.id)).toEqual(before);
    }
    expect((await call(t.app, b.outsider, 'GET', `/api/archive/${b.id}`)).status).toBe(403);
  });
});
