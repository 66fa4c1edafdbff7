import { applyPatch } from 'contract/apply-patch';
import type { Board } from 'contract/boards';
import type { BoardUpdate } from 'contract/realtime';
import type { TrashItem } from 'contract/trash';
import { describe, expect, it } from 'vitest';
import { filesKit, keyOf } from '../../test/files.js';
import {
  addLabel,
  addMember,
  addTask,
  boardDetail,
  boardSnapshot,
  call,
  columnTasks,
  editBody,
  FORBIDDEN,
  NOT_FOUND,
  type Person,
  person,
  refused,
  seedBoard,
  type TestBoard,
  useTestApp,
} from '../../test/fixtures.js';

const t = useTestApp();
const { attach, download } = filesKit(t);

async function ok(who: Person, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const res = await call(t.app, who, method, url, payload);
  expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}

const trash = (who: Person, b: TestBoard) => call<TrashItem[]>(t.app, who, 'GET', `/api/trash/${b.id}`);
const restore = (who: Person, b: TestBoard, kind: string, id: string | number) =>
  call(t.app, who, 'POST', `/api/trash/${b.id}/restore`, { kind, id });
const task = async (b: TestBoard, taskId: string) =>
  (await call(t.app, b.member, 'GET', `/api/task/${b.id}/${taskId}`)).body;

/** The updates announced for the board while `run` runs. */
async function announced(boardId: number, run: () => Promise<void>): Promise<BoardUpdate[]> {
  const sent: BoardUpdate[] = [];
  const announce = t.app.realtime.announce.bind(t.app.realtime);
  t.app.realtime.announce = (id, version, change, patch) => {
    if (id === boardId) sent.push({ boardId: id, version, change, at: 0, patch });
    return announce(id, version, change, patch);
  };
  try {
    await run();
  } finally {
    t.app.realtime.announce = announce;
  }
  return sent;
}

/** A task with everything that hangs off a task, in the middle of the first column. */
async function fullTask(b: TestBoard) {
  const [todo] = b.columns as [string];
  const before = await addTask(t.app, b, todo, { title: 'Перед' });
  const taskId = await addTask(t.app, b, todo, { title: 'Отчёт' });
  await addTask(t.app, b, todo, { title: 'После' });
  const label = await addLabel(t.app, b, 'Срочно');
  await ok(b.member, 'PUT', '/api/task/edit', {
    ...(await editBody(t.app, b, taskId)),
    description: 'Подробности',
    assignees: [b.member.id, b.creator.id],
    labels: [label],
    dueAt: '2026-12-01T10:00:00.000Z',
  });
  await ok(b.member, 'POST', '/api/comment/create', { boardId: b.id, taskId, text: 'Раз' });
  await ok(b.creator, 'POST', '/api/comment/create', { boardId: b.id, taskId, text: 'Два' });
  const [file] = await attach(
    { anna: b.member, boardId: b.id, taskId: Number(taskId) },
    Buffer.from('данные'),
  );
  const list = await ok(b.member, 'POST', `/api/checklist/${b.id}/${taskId}`, { title: 'Шаги' });
  await ok(b.member, 'POST', `/api/checklist/item/${b.id}/${list.checklists[0].id}`, { text: 'Собрать' });
  await t.db
    .insertInto('task_watchers')
    .values({ task_id: Number(taskId), user_id: b.creator.id, watching: false })
    .onConflict((oc) => oc.columns(['task_id', 'user_id']).doUpdateSet({ watching: false }))
    .execute();
  return { taskId, before, label, fileId: file!.id };
}

const watchers = (taskId: string) =>
  t.db
    .selectFrom('task_watchers')
    .select(['user_id', 'watching'])
    .where('task_id', '=', Number(taskId))
    .orderBy('user_id')
    .execute();

describe('trash', () => {
  it('a deleted task comes back whole, in its place, with its file downloadable', async () => {
    const b = await seedBoard(t.app);
    const { taskId, fileId } = await fullTask(b);
    const original = await task(b, taskId);
    const order = await columnTasks(t.db, b.columns[0]!);
    const watching = await watchers(taskId);
    expect(watching.length).toBeGreaterThan(0);

    await ok(b.member, 'DELETE', `/api/task/delete/${b.id}/${taskId}`);
    expect((await boardDetail(t.app, b.member, b.id)).body.tasks[taskId]).toBeUndefined();
    expect((await call(t.app, b.member, 'GET', `/api/task/${b.id}/${taskId}`)).status).toBe(404);

    const listed = await trash(b.creator, b);
    expect(listed.status).toBe(200);
    const item = listed.body[0]!;
    expect(item).toMatchObject({
      kind: 'task',
      id: taskId,
      title: 'Отчёт',
      column: { id: b.columns[0], name: 'Нужно сделать' },
      deletedBy: { id: b.member.id, name: b.member.name },
    });
    expect(Date.parse(item.purgeAt) - Date.parse(item.deletedAt)).toBe(30 * 24 * 60 * 60 * 1000);

    await ok(b.member, 'POST', `/api/trash/${b.id}/restore`, { kind: 'task', id: taskId });
    // Nothing was dropped, so the version (and the revisions behind it) is the one before the delete.
    expect(await task(b, taskId)).toEqual(original);
    expect(await columnTasks(t.db, b.columns[0]!)).toEqual(order);
    expect(await watchers(taskId)).toEqual(watching);
    expect((await download(b.member, fileId)).body).toBe('данные');
    expect((await trash(b.member, b)).body).toEqual([]);
    expect(await restore(b.member, b, 'task', taskId)).toEqual(NOT_FOUND);
    const kinds = (await call(t.app, b.member, 'GET', `/api/activity/${b.id}`)).body.map(
      (row: { kind: string }) => row.kind,
    );
    expect(kinds.slice(0, 2)).toEqual(['task.restored', 'task.deleted']);

    // Deleted again: the newer entry replaces the older one.
    await ok(b.member, 'DELETE', `/api/task/delete/${b.id}/${taskId}`);
    await ok(b.creator, 'DELETE', `/api/task/delete/${b.id}/${order[0]}`);
    expect((await trash(b.member, b)).body.map((entry) => [entry.id, entry.deletedBy?.id])).toEqual([
      [order[0], b.creator.id],
      [taskId, b.member.id],
    ]);
  });

  it('a task comes back without a label since deleted or an assignee no longer a member', async () => {
    const b = await seedBoard(t.app);
    const [kept, gone] = [await addLabel(t.app, b, 'Остаётся'), await addLabel(t.app, b, 'Уходит')];
    const guest = await person(t.app, 'Гость');
    await addMember(t.app, b.creator, b.id, guest);
    const taskId = await addTask(t.app, b);
    await ok(b.member, 'PUT', '/api/task/edit', {
      ...(await editBody(t.app, b, taskId)),
      labels: [kept, gone],
      assignees: [b.member.id, guest.id],
    });
    const { version } = await task(b, taskId);
    await ok(b.member, 'DELETE', `/api/task/delete/${b.id}/${taskId}`);
    await ok(b.member, 'DELETE', `/api/label/${b.id}/${gone}`);
    await ok(b.creator, 'DELETE', `/api/board/${b.id}/member/${guest.id}`);

    await ok(b.member, 'POST', `/api/trash/${b.id}/restore`, { kind: 'task', id: taskId });
    const back = await task(b, taskId);
    expect([back.labels, back.assignees]).toEqual([[kept], [b.member.id]]);
    // What came back differs from the last revision: a new version, kept as an edit's would be.
    expect(back.version).toBe(version + 1);
    const revision = await t.db
      .selectFrom('revisions')
      .select('fields')
      .where('entity', '=', 'task')
      .where('entity_id', '=', Number(taskId))
      .where('version', '=', String(version + 1))
      .executeTakeFirstOrThrow();
    expect(revision.fields).toMatchObject({ labels: [kept], assignees: [b.member.id] });
  });

  it('a task deleted before its column comes back after the column, in its place', async () => {
    const b = await seedBoard(t.app);
    const [, doing] = b.columns as [string, string];
    const ids = [
      await addTask(t.app, b, doing, { title: 'А' }),
      await addTask(t.app, b, doing, { title: 'Б' }),
      await addTask(t.app, b, doing, { title: 'В' }),
    ];
    const columnsBefore = (await boardDetail(t.app, b.member, b.id)).body.columnOrder;
    await ok(b.member, 'DELETE', `/api/task/delete/${b.id}/${ids[1]}`);
    await ok(b.member, 'DELETE', `/api/column/delete/${b.id}/${doing}`);
    expect((await trash(b.member, b)).body.map((item) => [item.kind, item.id, item.tasksCount])).toEqual([
      ['column', doing, 2],
      ['task', ids[1], undefined],
    ]);

    const before = await boardSnapshot(t.db, b.id);
    expect(await restore(b.member, b, 'task', ids[1]!)).toEqual({
      status: 409,
      body: { message: 'Сначала восстановите колонку «В работе»' },
    });
    expect(await boardSnapshot(t.db, b.id)).toEqual(before);
    expect((await trash(b.member, b)).body).toHaveLength(2);

    await ok(b.member, 'POST', `/api/trash/${b.id}/restore`, { kind: 'column', id: doing });
    await ok(b.member, 'POST', `/api/trash/${b.id}/restore`, { kind: 'task', id: ids[1] });
    const board = (await boardDetail(t.app, b.member, b.id)).body;
    expect(board.columnOrder).toEqual(columnsBefore);
    expect(board.columns[doing]!.taskIds).toEqual(ids);
    expect(await columnTasks(t.db, doing)).toEqual(ids);
  });

  it('a label comes back on its tasks, a comment on its task', async () => {
    const b = await seedBoard(t.app);
    const taskId = await addTask(t.app, b);
    const label = await addLabel(t.app, b, 'Важно');
    await ok(b.member, 'PUT', '/api/task/edit', { ...(await editBody(t.app, b, taskId)), labels: [label] });
    const comment = await ok(b.member, 'POST', '/api/comment/create', {
      boardId: b.id,
      taskId,
      text: 'Текст',
    });
    const version = (await task(b, taskId)).version;

    await ok(b.member, 'DELETE', `/api/label/${b.id}/${label}`);
    await ok(b.member, 'DELETE', `/api/comment/delete/${b.id}/${comment.id}`);
    expect((await task(b, taskId)).labels).toEqual([]);
    expect((await trash(b.member, b)).body.map((item) => [item.kind, item.title, item.task])).toEqual([
      ['comment', 'Текст', { id: taskId, title: 'Задача' }],
      ['label', 'Важно', undefined],
    ]);

    await ok(b.creator, 'POST', `/api/trash/${b.id}/restore`, { kind: 'label', id: label });
    const back = await task(b, taskId);
    expect(back.labels).toEqual([label]);
    expect(back.version).toBe(version + 1);
    expect((await boardDetail(t.app, b.member, b.id)).body.labels.map((l) => l.id)).toContain(label);

    await ok(b.member, 'DELETE', `/api/task/delete/${b.id}/${taskId}`);
    expect(await restore(b.member, b, 'comment', comment.id)).toEqual({
      status: 409,
      body: { message: 'Сначала восстановите задачу «Задача»' },
    });
    await ok(b.member, 'POST', `/api/trash/${b.id}/restore`, { kind: 'task', id: taskId });
    await ok(b.member, 'POST', `/api/trash/${b.id}/restore`, { kind: 'comment', id: String(comment.id) });
    expect((await task(b, taskId)).comments).toEqual([comment]);
  });

  it('is for members only, whatever the body; only an administrator empties it, files and all', async () => {
    const b = await seedBoard(t.app);
    const taskId = await addTask(t.app, b);
    const [file] = await attach({ anna: b.member, boardId: b.id, taskId: Number(taskId) }, Buffer.from('x'));
    await ok(b.member, 'DELETE', `/api/task/delete/${b.id}/${taskId}`);
    const url = `/api/trash/${b.id}`;
    for (const who of [b.outsider, b.pending, b.removed]) {
      expect(await refused(t.app, who, 'GET', url)).toEqual(FORBIDDEN);
      expect(await refused(t.app, who, 'POST', `${url}/restore`, { kind: 'task', id: taskId })).toEqual(
        FORBIDDEN,
      );
      expect(await refused(t.app, who, 'POST', `${url}/restore`, { kind: 'board', id: [] })).toEqual(
        FORBIDDEN,
      );
      expect(await refused(t.app, who, 'DELETE', url)).toEqual(FORBIDDEN);
    }
    expect(await refused(t.app, b.member, 'DELETE', url)).toEqual({
      status: 403,
      body: { message: 'Недостаточно прав' },
    });
    expect((await call(t.app, b.member, 'POST', `${url}/restore`, { kind: 'board', id: 1 })).status).toBe(
      400,
    );
    expect((await call(t.app, b.outsider, 'GET', '/api/trash/2000000000')).status).toBe(404);
    expect((await trash(b.member, b)).body).toHaveLength(1);

    await ok(b.creator, 'DELETE', url);
    expect((await trash(b.member, b)).body).toEqual([]);
    expect(await t.app.storage.stat(keyOf(file!.url))).toBeNull();
    const rows = (await call(t.app, b.member, 'GET', `/api/activity/${b.id}`)).body;
    expect(rows[0]).toMatchObject({ kind: 'trash.emptied', data: { count: 1 } });
  });

  it("a restore's patch brings a viewer's board to what a fresh GET shows", async () => {
    const b = await seedBoard(t.app);
    const [todo] = b.columns as [string];
    const ids = [await addTask(t.app, b, todo), await addTask(t.app, b, todo), await addTask(t.app, b, todo)];
    await ok(b.member, 'DELETE', `/api/task/delete/${b.id}/${ids[0]}`);
    await ok(b.member, 'DELETE', `/api/column/delete/${b.id}/${todo}`);
    for (const [kind, id] of [
      ['column', todo],
      ['task', ids[0]!],
    ] as const) {
      let viewer: Board = (await boardDetail(t.app, b.creator, b.id)).body;
      const updates = await announced(b.id, async () => {
        await ok(b.member, 'POST', `/api/trash/${b.id}/restore`, { kind, id });
      });
      expect(updates).toHaveLength(1);
      viewer = applyPatch(viewer, updates[0]!)!;
      expect(viewer).toEqual((await boardDetail(t.app, b.creator, b.id)).body);
      expect(updates[0]!.patch!.activity![0]).toMatchObject({ kind: `${kind}.restored` });
    }
    expect((await boardDetail(t.app, b.creator, b.id)).body.columns[todo]!.taskIds).toEqual(ids);
  });
});
