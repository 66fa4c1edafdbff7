/**
 * Copies and moves: a board with and without its cards (labels kept, checklists unticked, no
 * comments, no members, no archive); a column with its cards right after it; a card copied and moved
 * to another board (labels matched by name and made when missing, assignees dropped and reported,
 * checklists unticked on a copy and kept on a move, comments moved, left behind or copied, files
 * moved); each one transaction; the roles of both boards checked before the payload.
 */
import type { Activity } from 'contract/activity';
import type { Role } from 'contract/roles';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  addTask,
  addWorkedTask,
  boardDetail,
  boardList,
  boardSnapshot,
  call,
  columnTasks,
  type Person,
  person,
  refused,
  seedBoard,
  type TestBoard,
  useTestApp,
} from '../../test/fixtures.js';

const t = useTestApp();

const INSUFFICIENT = { status: 403, body: { message: 'Недостаточно прав' } };
const FORBIDDEN = { status: 403, body: { message: 'Нет доступа' } };

async function join(boardId: number, who: Person, role: Role = 'member') {
  await t.db
    .insertInto('board_members')
    .values({ board_id: boardId, user_id: who.id, accepted: true, role })
    .execute();
}

async function addLabel(b: TestBoard, title: string, color: string): Promise<number> {
  return (await call(t.app, b.creator, 'POST', `/api/label/${b.id}`, { title, color })).body.id;
}

/** A card with two labels, the member and the creator assigned, a ticked checklist item and a comment. */
async function richTask(b: TestBoard, column = b.columns[0]!) {
  const urgent = await addLabel(b, 'Срочно', '#eb5a46');
  const bug = await addLabel(b, 'Баг', '#c377e0');
  const taskId = await addWorkedTask(t.app, b, column, [urgent, bug]);
  return { taskId, urgent, bug };
}

const task = (who: Person, boardId: number, taskId: string) =>
  call(t.app, who, 'GET', `/api/task/${boardId}/${taskId}`);

const activity = async (who: Person, boardId: number) =>
  (await call<Activity[]>(t.app, who, 'GET', `/api/activity/${boardId}`)).body;

describe('copying a board', () => {
  it('copies columns, labels and open cards without people, comments, ticks or the archive', async () => {
    const b = await seedBoard(t.app);
    const { taskId } = await richTask(b);
    const archived = await addTask(t.app, b, b.columns[2], { title: 'В архиве' });
    await call(t.app, b.member, 'PUT', '/api/task/archive', {
      boardId: b.id,
      taskId: archived,
      archived: true,
    });
    const viewer = await person(t.app, 'Наблюдатель');
    await join(b.id, viewer, 'viewer');

    // Reading is enough: a viewer copies it and owns the copy alone.
    const made = await call(t.app, viewer, 'POST', `/api/board/${b.id}/copy`, {
      name: ' Копия ',
      withTasks: true,
    });
    expect(made.status).toBe(200);
    const copyId = made.body.boardId as number;
    const copy = (await boardDetail(t.app, viewer, copyId)).body;
    expect(copy).toMatchObject({ name: 'Копия', createdBy: viewer.id });
    expect(copy.members.map((member) => [member.id, member.role])).toEqual([[viewer.id, 'admin']]);
    expect(copy.columnOrder.map((id) => copy.columns[id]!.name)).toEqual([
      'Нужно сделать',
      'В работе',
      'Готово',
    ]);
    expect(copy.labels.map((label) => [label.title, label.color])).toEqual([
      ['Срочно', '#eb5a46'],
      ['Баг', '#c377e0'],
    ]);
    const tasks = Object.values(copy.tasks);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({
      title: 'Отчёт',
      number: 1,
      assignees: [],
      labels: copy.labels.map((label) => label.id),
      commentsCount: 0,
      checklist: { done: 0, total: 1 },
    });
    expect(tasks[0]!.id).not.toBe(taskId);
    expect((await call(t.app, viewer, 'GET', `/api/archive/${copyId}`)).body).toEqual({
      columns: [],
      tasks: [],
    });
    expect((await boardList(t.app, b.member)).map((board) => board.id)).not.toContain(copyId);
    expect((await activity(viewer, copyId)).map((row) => [row.kind, row.data])).toEqual([
      ['board.copied', { from: 'board', name: 'Доска', tasks: 1 }],
    ]);
    // The source is as it was.
    expect((await task(b.member, b.id, taskId)).body).toMatchObject({
      checklist: { done: 1, total: 1 },
      commentsCount: 1,
    });
  });

  it('copies without cards, and refuses an outsider, an unknown board and a bad name', async () => {
    const b = await seedBoard(t.app);
    await richTask(b);
    const made = await call(t.app, b.member, 'POST', `/api/board/${b.id}/copy`, { name: 'Пустая копия' });
    const copy = (await boardDetail(t.app, b.member, made.body.boardId)).body;
    expect(copy.columnOrder).toHaveLength(3);
    expect(copy.labels).toHaveLength(2);
    expect(copy.tasks).toEqual({});

    expect(await refused(t.app, b.outsider, 'POST', `/api/board/${b.id}/copy`, { name: 'Чужая' })).toEqual(
      FORBIDDEN,
    );
    expect(await refused(t.app, b.outsider, 'POST', `/api/board/${b.id}/copy`, {})).toEqual(FORBIDDEN);
    expect((await call(t.app, b.outsider, 'POST', '/api/board/999999/copy', { name: 'Нет' })).status).toBe(
      404,
    );
    expect(
      await refused(t.app, b.member, 'POST', `/api/board/${b.id}/copy`, { name: '', withTasks: 1 }),
    ).toEqual({
      status: 400,
      body: { name: 'Введите название доски', withTasks: 'Некорректное значение' },
    });
  });
});

describe('copying a column', () => {
  it('puts the copy right after it with its cards: labels and assignees kept, checklists unticked', async () => {
    const b = await seedBoard(t.app);
    const { taskId, urgent, bug } = await richTask(b);
    const second = await addTask(t.app, b, b.columns[0], { title: 'Вторая' });
    const copied = await call(t.app, b.member, 'POST', '/api/column/copy', {
      boardId: b.id,
      columnId: b.columns[0],
    });
    expect(copied.status).toBe(200);
    const columnId = copied.body.columnId as string;
    const board = (await boardDetail(t.app, b.member, b.id)).body;
    expect(board.columnOrder).toEqual([b.columns[0], columnId, b.columns[1], b.columns[2]]);
    expect(board.columns[columnId]!.name).toBe('Нужно сделать (копия)');
    const cards = board.columns[columnId]!.taskIds.map((id) => board.tasks[id]!);
    expect(cards.map((card) => card.title)).toEqual(['Отчёт', 'Вторая']);
    expect(cards[0]).toMatchObject({
      labels: [urgent, bug].sort((x, y) => x - y),
      assignees: [b.member.id, b.creator.id].sort((x, y) => x - y),
      checklist: { done: 0, total: 1 },
      commentsCount: 0,
    });
    expect(cards.map((card) => card.number)).toEqual([3, 4]);
    expect(board.columns[b.columns[0]!]!.taskIds).toEqual([taskId, second]);
    await columnTasks(t.db, columnId);
    expect((await activity(b.member, b.id))[0]).toMatchObject({
      kind: 'column.created',
      column: { id: columnId },
    });
  });

  it('is an edit: refused to a commenter and a viewer, 404 for an unknown column', async () => {
    const b = await seedBoard(t.app);
    for (const role of ['commenter', 'viewer'] as const) {
      const someone = await person(t.app, role);
      await join(b.id, someone, role);
      expect(
        await refused(t.app, someone, 'POST', '/api/column/copy', { boardId: b.id, columnId: b.columns[0] }),
      ).toEqual(INSUFFICIENT);
    }
    const other = await seedBoard(t.app);
    expect(
      await refused(t.app, b.member, 'POST', '/api/column/copy', {
        boardId: b.id,
        columnId: other.columns[0],
      }),
    ).toEqual({
      status: 404,
      body: { message: 'Не найдено' },
    });
  });
});

/** Two boards and a user who is a member of both (the source's creator), the source with a rich card. */
async function twoBoards(targetRole: Role = 'member') {
  const a = await seedBoard(t.app);
  const b = await seedBoard(t.app);
  await join(b.id, a.creator, targetRole);
  const card = await richTask(a);
  // The target has 'срочно' already (another case, another colour) but no 'Баг'.
  const urgentThere = await addLabel(b, 'срочно', '#000000');
  const first = await addTask(t.app, b, b.columns[1], { title: 'Первая там' }, b.creator);
  return { a, b, ...card, urgentThere, first };
}

describe('copying a card to another board', () => {
  it('matches labels by name, makes missing ones, drops and reports assignees, unticks its checklist', async () => {
    const { a, b, taskId, urgentThere, first } = await twoBoards();
    const before = (await boardDetail(t.app, a.creator, a.id)).body;
    const copied = await call(t.app, a.creator, 'POST', '/api/task/copy', {
      boardId: a.id,
      taskId,
      toBoardId: b.id,
      toColumnId: b.columns[1],
      position: 0,
    });
    expect(copied.status).toBe(200);
    expect(copied.body.droppedAssignees).toEqual([{ id: a.member.id, name: 'Участник' }]);
    const copyId = copied.body.taskId as string;
    const target = (await boardDetail(t.app, b.creator, b.id)).body;
    expect(target.tasks[copyId]?.number).toBe(copied.body.taskNumber);
    expect(target.columns[b.columns[1]!]!.taskIds).toEqual([copyId, first]);
    const bug = target.labels.find((label) => label.title === 'Баг')!;
    expect(bug.color).toBe('#c377e0');
    expect(target.labels).toHaveLength(2);
    expect(target.tasks[copyId]).toMatchObject({
      title: 'Отчёт',
      number: 2,
      labels: [urgentThere, bug.id].sort((x, y) => x - y),
      assignees: [a.creator.id],
      checklist: { done: 0, total: 1 },
      commentsCount: 0,
    });
    // The source keeps its card as it was.
    const after = (await boardDetail(t.app, a.creator, a.id)).body;
    expect(after.tasks).toEqual(before.tasks);

    // With its comments: the same authors and texts.
    const withComments = await call(t.app, a.creator, 'POST', '/api/task/copy', {
      boardId: a.id,
      taskId,
      toBoardId: b.id,
      toColumnId: b.columns[0],
      withComments: true,
    });
    const detail = (await task(b.creator, b.id, withComments.body.taskId)).body;
    expect(
      detail.comments.map((comment: { userId: number; text: string }) => [comment.userId, comment.text]),
    ).toEqual([[a.member.id, 'Готово к пятнице']]);
    expect((await activity(b.creator, b.id)).slice(0, 2).map((row) => row.kind)).toEqual([
      'task.created',
      'task.created',
    ]);
  });

  it('copies within its own board, at the end of the column by default', async () => {
    const a = await seedBoard(t.app);
    const { taskId } = await richTask(a);
    const copied = await call(t.app, a.member, 'POST', '/api/task/copy', {
      boardId: a.id,
      taskId,
      toBoardId: a.id,
      toColumnId: a.columns[0],
    });
    expect(copied.body.droppedAssignees).toEqual([]);
    expect(await columnTasks(t.db, a.columns[0]!)).toEqual([taskId, copied.body.taskId]);
    const board = (await boardDetail(t.app, a.member, a.id)).body;
    expect(board.tasks[copied.body.taskId]!.labels).toEqual(board.tasks[taskId]!.labels);
    expect(board.labels).toHaveLength(2);
  });
});

describe('moving a card to another board', () => {
  it('carries its comments, files and ticks, matches labels, drops assignees, leaves both columns in order', async () => {
    const { a, b, taskId, urgentThere, first } = await twoBoards();
    const stays = await addTask(t.app, a, a.columns[0], { title: 'Остаётся' });
    const key = `boards/${a.id}/00000000-0000-4000-8000-000000000001`;
    await t.db
      .insertInto('files')
      .values({
        board_id: a.id,
        task_id: Number(taskId),
        name: 'отчёт.pdf',
        storage_key: key,
        type: 'application/pdf',
        size: 10,
        created_by: a.member.id,
      })
      .execute();
    const moved = await call(t.app, a.creator, 'POST', '/api/task/move-to-board', {
      boardId: a.id,
      taskId,
      toBoardId: b.id,
      toColumnId: b.columns[1],
      position: 1,
    });
    expect(moved).toEqual({
      status: 200,
      body: { taskId, taskNumber: 2, droppedAssignees: [{ id: a.member.id, name: 'Участник' }] },
    });
    const source = (await boardDetail(t.app, a.creator, a.id)).body;
    expect(source.tasks[taskId]).toBeUndefined();
    expect(await columnTasks(t.db, a.columns[0]!)).toEqual([stays]);
    expect((await task(a.creator, a.id, taskId)).status).toBe(404);

    const target = (await boardDetail(t.app, b.creator, b.id)).body;
    expect(await columnTasks(t.db, b.columns[1]!)).toEqual([first, taskId]);
    const bug = target.labels.find((label) => label.title === 'Баг')!;
    expect(target.tasks[taskId]).toMatchObject({
      boardId: b.id,
      number: 2,
      labels: [urgentThere, bug.id].sort((x, y) => x - y),
      assignees: [a.creator.id],
      checklist: { done: 1, total: 1 },
      commentsCount: 1,
      filesCount: 1,
    });
    const detail = (await task(b.creator, b.id, taskId)).body;
    expect(detail.comments[0]).toMatchObject({ boardId: b.id, text: 'Готово к пятнице' });
    expect(detail.files[0]).toMatchObject({ boardId: b.id, name: 'отчёт.pdf' });
    expect((await call(t.app, b.creator, 'GET', `/api/file/get?id=${detail.files[0].id}`)).status).toBe(200);
    expect((await call(t.app, a.member, 'GET', `/api/file/get?id=${detail.files[0].id}`)).status).toBe(403);

    expect((await activity(a.creator, a.id))[0]).toMatchObject({
      kind: 'task.moved-out',
      task: { id: taskId, title: 'Отчёт' },
      data: { board: { id: b.id, name: 'Доска' } },
    });
    expect((await activity(b.creator, b.id)).slice(0, 2).map((row) => row.kind)).toEqual([
      'task.moved-in',
      'label.created',
    ]);
    // A save based on the version it had still merges on its new board.
    const edit = await call(t.app, b.creator, 'PUT', '/api/task/edit', {
      boardId: b.id,
      taskId,
      title: 'Отчёт за месяц',
      description: detail.description,
      columnId: detail.columnId,
      estimation: detail.estimation,
      priority: detail.priority,
      assignees: detail.assignees,
      labels: detail.labels,
      version: detail.version,
    });
    expect(edit.status).toBe(200);
  });

  it('on its own board is an ordinary move to that place', async () => {
    const a = await seedBoard(t.app);
    const one = await addTask(t.app, a, a.columns[1], { title: 'Одна' });
    const two = await addTask(t.app, a, a.columns[1], { title: 'Две' });
    const moving = await addTask(t.app, a, a.columns[0], { title: 'Едет' });
    const moved = await call(t.app, a.member, 'POST', '/api/task/move-to-board', {
      boardId: a.id,
      taskId: moving,
      toBoardId: a.id,
      toColumnId: a.columns[1],
      position: 1,
    });
    expect(moved).toEqual({
      status: 200,
      body: { taskId: moving, taskNumber: expect.any(Number), droppedAssignees: [] },
    });
    expect(await columnTasks(t.db, a.columns[1]!)).toEqual([one, moving, two]);
    expect((await activity(a.member, a.id))[0]?.kind).toBe('task.moved');
  });

  it('is refused from or to a board where the caller may not edit, before the payload; nothing changes', async () => {
    for (const role of ['commenter', 'viewer'] as const) {
      // Edit on the target, not on the source: a move is refused, a copy is not.
      const { a, b, taskId } = await twoBoards();
      await t.db
        .updateTable('board_members')
        .set({ role })
        .where('board_id', '=', a.id)
        .where('user_id', '=', a.member.id)
        .execute();
      await join(b.id, a.member);
      const body = { boardId: a.id, taskId, toBoardId: b.id, toColumnId: b.columns[0] };
      expect(await refused(t.app, a.member, 'POST', '/api/task/move-to-board', body)).toEqual(INSUFFICIENT);
      expect(
        await refused(t.app, a.member, 'POST', '/api/task/move-to-board', { ...body, position: -1 }),
      ).toEqual(INSUFFICIENT);
      expect((await call(t.app, a.member, 'POST', '/api/task/copy', body)).status).toBe(200);

      // Edit on the source, not on the target: both are refused.
      const other = await twoBoards(role);
      const to = {
        boardId: other.a.id,
        taskId: other.taskId,
        toBoardId: other.b.id,
        toColumnId: other.b.columns[0],
      };
      for (const path of ['/api/task/move-to-board', '/api/task/copy']) {
        expect(await refused(t.app, other.a.creator, 'POST', path, to)).toEqual(INSUFFICIENT);
        expect(await refused(t.app, other.a.creator, 'POST', path, { ...to, toColumnId: 'x' })).toEqual(
          INSUFFICIENT,
        );
      }
    }
  });

  it('refuses outsiders of either board before the payload, and names bad fields to a member', async () => {
    const { a, b, taskId } = await twoBoards();
    const stranger = await seedBoard(t.app);
    const body = { boardId: a.id, taskId, toBoardId: b.id, toColumnId: b.columns[0] };
    for (const path of ['/api/task/move-to-board', '/api/task/copy']) {
      // An outsider of the source, and an outsider of the target.
      expect(await refused(t.app, b.creator, 'POST', path, body)).toEqual(FORBIDDEN);
      expect(await refused(t.app, b.creator, 'POST', path, { ...body, position: 'конец' })).toEqual(
        FORBIDDEN,
      );
      const elsewhere = { ...body, toBoardId: stranger.id, toColumnId: stranger.columns[0] };
      expect(await refused(t.app, a.creator, 'POST', path, elsewhere)).toEqual(FORBIDDEN);
      expect(await refused(t.app, a.creator, 'POST', path, { ...elsewhere, position: -1 })).toEqual(
        FORBIDDEN,
      );
      expect((await refused(t.app, a.creator, 'POST', path, { ...body, toBoardId: 999_999 })).status).toBe(
        404,
      );
      // A member of both: what is wrong is named.
      expect(await refused(t.app, a.creator, 'POST', path, { ...body, toColumnId: a.columns[0] })).toEqual({
        status: 400,
        body: { toColumnId: 'Колонка не найдена' },
      });
      expect(
        await refused(t.app, a.creator, 'POST', path, { ...body, position: -1, toColumnId: 'x' }),
      ).toEqual({
        status: 400,
        body: { position: 'Некорректная позиция', toColumnId: 'Колонка не найдена' },
      });
      expect(await refused(t.app, a.creator, 'POST', path, { ...body, taskId: 999_999 })).toEqual({
        status: 404,
        body: { message: 'Не найдено' },
      });
    }
  });

  it('is one transaction: a failure midway leaves both boards as they were', async () => {
    const { a, b, taskId } = await twoBoards();
    // The change's last writes (its activity rows) fail on the target board.
    await sql`create or replace function copy_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'forced failure'; end $$`.execute(t.db);
    await sql`create trigger copy_test_fail before insert on activity for each row
      when (new.board_id = ${sql.lit(b.id)}) execute function copy_test_fail()`.execute(t.db);
    try {
      const before = await boardSnapshot(t.db);
      const body = { boardId: a.id, taskId, toBoardId: b.id, toColumnId: b.columns[0] };
      for (const path of ['/api/task/move-to-board', '/api/task/copy']) {
        expect(await call(t.app, a.creator, 'POST', path, body)).toEqual({
          status: 500,
          body: { message: 'Внутренняя ошибка сервера' },
        });
        expect(await boardSnapshot(t.db)).toEqual(before);
      }
      const boardCopy = await call(t.app, a.creator, 'POST', '/api/column/copy', {
        boardId: b.id,
        columnId: b.columns[1],
      });
      expect(boardCopy.status).toBe(500);
      expect(await boardSnapshot(t.db)).toEqual(before);
    } finally {
      await sql`drop trigger copy_test_fail on activity`.execute(t.db);
    }
  });
});
