import { describe, expect, it } from 'vitest';
import {
  addTask,
  call,
  NOT_FOUND,
  type Person,
  refused,
  seedBoard,
  useTestApp,
} from '../../test/fixtures.js';

const t = useTestApp();

const EMPTY = { text: 'Введите текст комментария' };

describe('POST /api/comment/create', () => {
  it('adds a comment that the task detail lists oldest first', async () => {
    const b = await seedBoard(t.app);
    const taskId = await addTask(t.app, b);
    const first = await call(t.app, b.member, 'POST', '/api/comment/create', {
      boardId: b.id,
      taskId,
      text: ' Первый ',
    });
    expect(first).toEqual({
      status: 200,
      body: {
        id: expect.any(Number),
        boardId: b.id,
        taskId,
        userId: b.member.id,
        text: 'Первый',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    });
    const second = await call(t.app, b.creator, 'POST', '/api/comment/create', {
      boardId: b.id,
      taskId: Number(taskId),
      text: 'Второй',
    });
    expect(second.status).toBe(200);
    const detail = await call(t.app, b.member, 'GET', `/api/task/${b.id}/${taskId}`);
    expect(detail.body.comments).toEqual([first.body, second.body]);
    expect(detail.body.commentsCount).toBe(2);
  });

  it.each([
    ['empty text', { text: '' }, EMPTY],
    ['blank text', { text: ' \n ' }, EMPTY],
    ['missing text', { text: undefined }, EMPTY],
    ['text over 5 000 characters', { text: 'я'.repeat(5001) }, { text: 'Слишком длинное значение' }],
    ['1 MB text', { text: 'x'.repeat(1024 * 1024) }, { text: 'Слишком длинное значение' }],
  ])('refuses %s', async (_case, change: { text?: string }, message) => {
    const b = await seedBoard(t.app);
    const taskId = await addTask(t.app, b);
    const res = await refused(t.app, b.member, 'POST', '/api/comment/create', {
      boardId: b.id,
      taskId,
      ...change,
    });
    expect(res).toEqual({ status: 400, body: message });
  });

  it('answers 404 for a task that is not on the board', async () => {
    const b = await seedBoard(t.app);
    const other = await seedBoard(t.app);
    const foreign = await addTask(t.app, other);
    for (const taskId of [foreign, '999999', '99999999999']) {
      expect(
        await refused(t.app, b.member, 'POST', '/api/comment/create', { boardId: b.id, taskId, text: 'х' }),
      ).toEqual(NOT_FOUND);
    }
  });
});

describe('DELETE /api/comment/delete', () => {
  it('lets the author delete their comment', async () => {
    const b = await seedBoard(t.app);
    const taskId = await addTask(t.app, b);
    const { body: comment } = await call(t.app, b.member, 'POST', '/api/comment/create', {
      boardId: b.id,
      taskId,
      text: 'х',
    });
    expect(await call(t.app, b.member, 'DELETE', `/api/comment/delete/${b.id}/${comment.id}`)).toEqual({
      status: 200,
      body: { success: true },
    });
    expect(await t.db.selectFrom('comments').select('id').execute()).not.toContainEqual({ id: comment.id });
  });

  it("refuses someone else's comment, even to the board's creator", async () => {
    const b = await seedBoard(t.app);
    const taskId = await addTask(t.app, b);
    const { body: comment } = await call(t.app, b.member, 'POST', '/api/comment/create', {
      boardId: b.id,
      taskId,
      text: 'х',
    });
    expect(await refused(t.app, b.creator, 'DELETE', `/api/comment/delete/${b.id}/${comment.id}`)).toEqual({
      status: 403,
      body: { message: 'Нет доступа' },
    });
  });

  it('answers 404 for a comment that is not on the board', async () => {
    const b = await seedBoard(t.app);
    const other = await seedBoard(t.app);
    const foreignTask = await addTask(t.app, other);
    const { body: foreign } = await call(t.app, other.member, 'POST', '/api/comment/create', {
      boardId: other.id,
      taskId: foreignTask,
      text: 'х',
    });
    for (const id of [foreign.id, 999_999]) {
      expect(await refused(t.app, other.member, 'DELETE', `/api/comment/delete/${b.id}/${id}`)).toEqual({
        status: 403,
        body: { message: 'Нет доступа' },
      });
      expect(await refused(t.app, b.member, 'DELETE', `/api/comment/delete/${b.id}/${id}`)).toEqual(
        NOT_FOUND,
      );
    }
  });
});

describe('permissions', () => {
  it('refuses every comment call to users who are not accepted members, changing nothing', async () => {
    const b = await seedBoard(t.app);
    const taskId = await addTask(t.app, b);
    // Comments written while the removed member still belonged: they cannot delete them any more.
    const own = await t.db
      .insertInto('comments')
      .values({ board_id: b.id, task_id: Number(taskId), user_id: b.removed.id, text: 'Старый' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const calls: [Person, 'POST' | 'DELETE', string, unknown][] = [];
    for (const user of [b.outsider, b.pending, b.removed]) {
      calls.push(
        [user, 'POST', '/api/comment/create', { boardId: b.id, taskId, text: 'Чужой' }],
        [user, 'DELETE', `/api/comment/delete/${b.id}/${own.id}`, undefined],
      );
    }
    for (const [user, method, url, payload] of calls) {
      expect(await refused(t.app, user, method, url, payload)).toEqual({
        status: 403,
        body: { message: 'Нет доступа' },
      });
    }
  });
});
