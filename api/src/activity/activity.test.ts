import type { Activity } from 'contract/activity';
import type { BoardUpdate } from 'contract/realtime';
import { describe, expect, it } from 'vitest';
import { filesKit } from '../../test/files.js';
import {
  addMember,
  addTask,
  boardDetail,
  call,
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
const { setup, attach } = filesKit(t);

function activity(who: Person, boardId: number, query = '') {
  return call<Activity[]>(t.app, who, 'GET', `/api/activity/${boardId}${query}`);
}

async function ok(who: Person, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const res = await call(t.app, who, method, url, payload);
  expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}

/** Every row of the board, newest first, all pages. */
async function allRows(who: Person, boardId: number): Promise<Activity[]> {
  const rows: Activity[] = [];
  for (;;) {
    const page = await activity(who, boardId, rows.length ? `?before=${rows.at(-1)!.id}` : '');
    expect(page.status).toBe(200);
    rows.push(...page.body);
    if (page.body.length < 50) return rows;
  }
}

const pendingRowId = async (boardId: number, userId: number) =>
  (
    await t.db
      .selectFrom('board_members')
      .select('id')
      .where('board_id', '=', boardId)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
  ).id;

describe('activity', () => {
  it('records every kind of change with its data, newest first', async () => {
    const b = await seedBoard(t.app);
    const { creator, member } = b;
    const [todo, doing] = b.columns as [string, string, string];

    const settings = (await boardDetail(t.app, creator, b.id)).body;
    await ok(creator, 'PUT', `/api/board/edit/${b.id}`, {
      name: 'Проект',
      color: settings.color,
      showIdsMode: settings.showIdsMode,
      showTotalColumnEstimation: settings.showTotalColumnEstimation,
    });
    const column = await ok(member, 'POST', '/api/column', { boardId: b.id, name: 'Тест' });
    await ok(member, 'PUT', `/api/column/edit/${b.id}/${column.id}`, { name: 'Проверка' });
    await ok(member, 'PUT', `/api/column/reorder/${b.id}`, { columnOrder: [column.id, ...b.columns] });
    const label = await ok(member, 'POST', `/api/label/${b.id}`, { title: 'Срочно', color: '#ff0000' });
    await ok(member, 'PUT', `/api/label/${b.id}/${label.id}`, {
      title: 'Очень срочно',
      color: '#ff0000',
      isMainColor: false,
    });
    await ok(member, 'DELETE', `/api/label/${b.id}/${label.id}`);

    const taskId = await addTask(t.app, b, todo, { title: 'Отчёт' });
    await ok(member, 'PUT', '/api/task/edit', {
      ...(await editBody(t.app, b, taskId)),
      title: 'Годовой отчёт',
      assignees: [String(member.id)],
    });
    await ok(member, 'PUT', '/api/task/move', {
      boardId: b.id,
      taskId,
      newColumnId: doing,
      newColumnTaskIds: [taskId],
    });
    // Within its column: not recorded.
    await ok(member, 'PUT', '/api/task/move', {
      boardId: b.id,
      taskId,
      newColumnId: doing,
      newColumnTaskIds: [taskId],
    });
    const comment = await ok(member, 'POST', '/api/comment/create', {
      boardId: b.id,
      taskId,
      text: 'Готово?',
    });
    await ok(member, 'DELETE', `/api/comment/delete/${b.id}/${comment.id}`);

    const withList = await ok(member, 'POST', `/api/checklist/${b.id}/${taskId}`, { title: 'Шаги' });
    const listId = withList.checklists[0].id;
    await ok(member, 'PUT', `/api/checklist/${b.id}/${listId}`, { title: 'Этапы' });
    await ok(member, 'POST', `/api/checklist/item/${b.id}/${listId}`, { text: 'Собрать' });
    const withItems = await ok(member, 'POST', `/api/checklist/item/${b.id}/${listId}`, { text: 'Свести' });
    const [first, second] = withItems.checklists[0].items.map((item: { id: number }) => item.id);
    await ok(member, 'PUT', `/api/checklist/item/${b.id}/${first}`, { done: true });
    await ok(member, 'PUT', `/api/checklist/item/${b.id}/${first}`, { done: false });
    await ok(member, 'PUT', `/api/checklist/item/${b.id}/${first}`, { text: 'Собрать данные' });
    await ok(member, 'POST', `/api/checklist/item/${b.id}/${second}/task`);
    await ok(member, 'DELETE', `/api/checklist/item/${b.id}/${first}`);
    await ok(member, 'DELETE', `/api/checklist/${b.id}/${listId}`);

    const guest = await person(t.app, 'Гость');
    await ok(creator, 'POST', '/api/invite/send', { boardId: b.id, email: guest.email });
    await ok(guest, 'DELETE', `/api/invite/reject/${b.id}/${guest.id}`);
    await ok(creator, 'POST', '/api/invite/send', { boardId: b.id, email: guest.email });
    await ok(creator, 'DELETE', `/api/invite/delete/${b.id}/${guest.id}`);
    await ok(creator, 'POST', '/api/invite/send', { boardId: b.id, email: 'nobody@example.com' });
    const emailInvite = (await boardDetail(t.app, creator, b.id)).body.members.find(
      (m: { email: string }) => m.email === 'nobody@example.com',
    );
    await ok(creator, 'DELETE', `/api/invite/delete/${b.id}/${emailInvite!.id}`);
    await ok(creator, 'POST', '/api/invite/send', { boardId: b.id, email: guest.email });
    await ok(guest, 'PUT', `/api/invite/accept/${await pendingRowId(b.id, guest.id)}`);
    await ok(creator, 'DELETE', `/api/board/${b.id}/member/${guest.id}`);
    const leaver = await person(t.app, 'Уходящий');
    await addMember(t.app, creator, b.id, leaver);
    await ok(leaver, 'DELETE', `/api/board/${b.id}/member/${leaver.id}`);

    await ok(member, 'DELETE', `/api/task/delete/${b.id}/${taskId}`);
    await ok(member, 'DELETE', `/api/column/delete/${b.id}/${column.id}`);

    const rows = await allRows(member, b.id);
    const ids = rows.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    const oldestFirst = [...rows].reverse();
    expect(oldestFirst.map((row) => row.kind)).toEqual([
      'board.edited',
      'column.created',
      'column.renamed',
      'columns.reordered',
      'label.created',
      'label.edited',
      'label.deleted',
      'task.created',
      'task.edited',
      'task.moved',
      'comment.added',
      'comment.deleted',
      'checklist.added',
      'checklist.edited',
      'checklist.item-added',
      'checklist.item-added',
      'checklist.item-done',
      'checklist.item-undone',
      'checklist.item-edited',
      'checklist.item-converted',
      'checklist.item-deleted',
      'checklist.deleted',
      'member.invited',
      'invitation.rejected',
      'member.invited',
      'invitation.cancelled',
      'member.invited',
      'invitation.cancelled',
      'member.invited',
      'member.joined',
      'member.removed',
      'member.invited',
      'member.joined',
      'member.left',
      'task.deleted',
      'column.deleted',
    ]);
    const byKind = (kind: string, n = 0) => oldestFirst.filter((row) => row.kind === kind)[n]!;

    expect(byKind('board.edited')).toMatchObject({
      user: { id: creator.id, name: creator.name },
      data: { changes: [{ field: 'name', from: 'Доска', to: 'Проект' }] },
    });
    expect(typeof byKind('board.edited').at).toBe('string');
    expect(byKind('column.created')).toMatchObject({ column: { id: String(column.id), name: 'Тест' } });
    expect(byKind('column.renamed')).toMatchObject({
      column: { id: String(column.id), name: 'Проверка' },
      data: { from: 'Тест', to: 'Проверка' },
    });
    expect(byKind('label.created').data).toEqual({ title: 'Срочно' });
    expect(byKind('label.edited').data).toEqual({
      title: 'Очень срочно',
      changes: [{ field: 'title', from: 'Срочно', to: 'Очень срочно' }],
    });
    expect(byKind('label.deleted').data).toEqual({ title: 'Очень срочно' });
    // The task's title and the column's name as they were, though both are deleted now.
    expect(byKind('task.created')).toMatchObject({
      user: { id: member.id, name: member.name },
      task: { id: taskId, title: 'Отчёт' },
      column: { id: todo, name: 'Нужно сделать' },
    });
    expect(byKind('task.edited').data).toEqual({
      changes: [
        { field: 'title', from: 'Отчёт', to: 'Годовой отчёт' },
        { field: 'assignees', from: [], to: [member.id] },
      ],
    });
    expect(byKind('task.moved')).toMatchObject({
      task: { id: taskId, title: 'Годовой отчёт' },
      data: { from: { id: todo, name: 'Нужно сделать' }, to: { id: doing, name: 'В работе' } },
    });
    expect(byKind('comment.added').data).toEqual({ commentId: comment.id, text: 'Готово?' });
    expect(byKind('comment.deleted').data).toEqual({ commentId: comment.id, text: 'Готово?' });
    expect(byKind('checklist.added')).toMatchObject({
      task: { id: taskId },
      data: { checklistTitle: 'Шаги' },
    });
    expect(byKind('checklist.edited').data).toEqual({ checklistTitle: 'Этапы', from: 'Шаги', to: 'Этапы' });
    expect(byKind('checklist.item-added', 1).data).toEqual({ checklistTitle: 'Этапы', itemText: 'Свести' });
    expect(byKind('checklist.item-done').data).toEqual({ checklistTitle: 'Этапы', itemText: 'Собрать' });
    expect(byKind('checklist.item-edited').data).toEqual({
      checklistTitle: 'Этапы',
      itemText: 'Собрать данные',
      from: 'Собрать',
      to: 'Собрать данные',
    });
    expect(byKind('checklist.item-converted').data).toMatchObject({ itemText: 'Свести' });
    expect(byKind('checklist.deleted').data).toEqual({ checklistTitle: 'Этапы' });
    expect(byKind('member.invited').data).toEqual({ userId: guest.id, name: 'Гость', email: guest.email });
    expect(byKind('member.invited', 2).data).toEqual({ email: 'nobody@example.com', name: '' });
    expect(byKind('invitation.rejected').user).toEqual({ id: guest.id, name: 'Гость' });
    expect(byKind('invitation.cancelled', 1).data).toMatchObject({ email: 'nobody@example.com' });
    expect(byKind('member.joined').user).toEqual({ id: guest.id, name: 'Гость' });
    expect(byKind('member.removed').data).toEqual({ userId: guest.id, name: 'Гость', email: guest.email });
    expect(byKind('member.left').user).toEqual({ id: leaver.id, name: 'Уходящий' });
    expect(byKind('task.deleted')).toMatchObject({
      task: { id: taskId, title: 'Годовой отчёт' },
      column: { id: doing, name: 'В работе' },
    });
    expect(byKind('column.deleted')).toMatchObject({
      column: { id: String(column.id), name: 'Проверка' },
      data: { name: 'Проверка' },
    });
  });

  it('records files added and deleted', async () => {
    const s = await setup();
    const [file] = await attach(s, Buffer.from('abc'), 'Отчёт.txt');
    await ok(s.anna, 'DELETE', `/api/file/${s.boardId}/${file!.id}/delete`);
    const rows = (await activity(s.anna, s.boardId)).body;
    expect(rows.map((row) => [row.kind, row.task?.id, row.data])).toEqual([
      ['file.deleted', String(s.taskId), { name: 'Отчёт.txt' }],
      ['file.added', String(s.taskId), { name: 'Отчёт.txt' }],
    ]);
  });

  it('filters by task and pages with before', async () => {
    const b = await seedBoard(t.app);
    const one = await addTask(t.app, b);
    const other = await addTask(t.app, b);
    for (let i = 0; i < 54; i++) {
      await ok(b.member, 'POST', '/api/comment/create', { boardId: b.id, taskId: one, text: `№${i}` });
    }
    await ok(b.member, 'POST', '/api/comment/create', { boardId: b.id, taskId: other, text: 'другой' });

    const first = (await activity(b.member, b.id, `?taskId=${one}`)).body;
    expect(first).toHaveLength(50);
    expect(first.every((row) => row.task?.id === one)).toBe(true);
    expect(first[0]!.data.text).toBe('№53');
    const second = (await activity(b.member, b.id, `?taskId=${one}&before=${first.at(-1)!.id}`)).body;
    expect(second.map((row) => row.data.text ?? row.kind)).toEqual(['№3', '№2', '№1', '№0', 'task.created']);

    const board = (await activity(b.member, b.id)).body;
    expect(board[0]).toMatchObject({ kind: 'comment.added', task: { id: other }, data: { text: 'другой' } });
    const rest = (await activity(b.member, b.id, `?before=${board.at(-1)!.id}`)).body;
    expect(rest).toHaveLength(57 - 50);
    expect(rest.at(-1)!.kind).toBe('task.created');
  });

  it('a refused or failed change leaves no row', async () => {
    const b = await seedBoard(t.app);
    const taskId = await addTask(t.app, b);
    const stale = await editBody(t.app, b, taskId, { version: 1 });
    await ok(b.creator, 'PUT', '/api/task/edit', { ...stale, title: 'Их' });
    const conflict = await refused(t.app, b.member, 'PUT', '/api/task/edit', { ...stale, title: 'Моё' });
    expect(conflict.status).toBe(409);
    expect((await refused(t.app, b.member, 'POST', '/api/column', { boardId: b.id, name: '' })).status).toBe(
      400,
    );
    expect(
      (await refused(t.app, b.outsider, 'POST', '/api/comment/create', { boardId: b.id, taskId, text: 'x' }))
        .status,
    ).toBe(403);
    expect((await activity(b.member, b.id)).body.map((row) => row.kind)).toEqual([
      'task.edited',
      'task.created',
    ]);
  });

  it('is for members only: 403 for an outsider, a pending or removed member, 404 for no board', async () => {
    const b = await seedBoard(t.app);
    for (const who of [b.outsider, b.pending, b.removed]) {
      expect(await activity(who, b.id)).toEqual(FORBIDDEN);
    }
    expect(await activity(b.outsider, 2_000_000_000)).toEqual(NOT_FOUND);
    expect((await activity(b.creator, b.id)).status).toBe(200);
  });

  it('the patch carries the rows the change recorded', async () => {
    const b: TestBoard = await seedBoard(t.app);
    const sent: BoardUpdate[] = [];
    const announce = t.app.realtime.announce.bind(t.app.realtime);
    t.app.realtime.announce = (boardId, version, change, patch) => {
      if (boardId === b.id) sent.push({ boardId, version, change, at: 0, patch });
      return announce(boardId, version, change, patch);
    };
    try {
      const taskId = await addTask(t.app, b, b.columns[0], { title: 'Живая' });
      const rows = (await activity(b.member, b.id)).body;
      expect(sent.at(-1)!.patch!.activity).toEqual(rows);
      expect(rows[0]).toMatchObject({ kind: 'task.created', task: { id: taskId, title: 'Живая' } });
      await ok(b.member, 'PUT', '/api/task/move', {
        boardId: b.id,
        taskId,
        newColumnId: b.columns[0],
        newColumnTaskIds: [taskId],
      });
      expect(sent.at(-1)!.patch!.activity).toBeUndefined();
    } finally {
      t.app.realtime.announce = announce;
    }
  });
});
