import { describe, expect, it } from 'vitest';
import {
  addTask,
  boardVersion,
  call,
  columnTasks,
  MB,
  type Person,
  refused,
  seedBoard,
  useTestApp,
} from '../../test/fixtures.js';

const t = useTestApp();

const MISMATCH = { columnOrder: 'Порядок колонок не совпадает с колонками доски' };

async function columnOrder(boardId: number) {
  const rows = await t.db
    .selectFrom('columns')
    .select(['id', 'position'])
    .where('board_id', '=', boardId)
    .orderBy('position')
    .execute();
  expect(rows.map((row) => row.position)).toEqual(rows.map((_, index) => index));
  return rows.map((row) => String(row.id));
}

describe('POST /api/column', () => {
  it('appends a column to the board', async () => {
    const b = await seedBoard(t.app);
    const res = await call(t.app, b.member, 'POST', '/api/column', { boardId: b.id, name: '  Проверка  ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^\d+$/),
      boardId: b.id,
      name: 'Проверка',
      taskIds: [],
      version: 1,
      wipLimit: null,
      wipStrict: false,
    });
    expect(await columnOrder(b.id)).toEqual([...b.columns, res.body.id]);
    expect(await boardVersion(t.db, b.id)).toBe(1);
    // The board id may come as its digits too.
    const again = await call(t.app, b.creator, 'POST', '/api/column', { boardId: String(b.id), name: 'Ещё' });
    expect(again.status).toBe(200);
  });

  it.each([
    ['blank name', { name: '   ' }, { name: 'Введите название колонки' }],
    ['missing name', { name: undefined }, { name: 'Введите название колонки' }],
    ['1 MB name', { name: MB }, { name: 'Слишком длинное значение' }],
    ['name of wrong type', { name: 7 }, { name: 'Введите название колонки' }],
    ['bad board id', { boardId: 'abc' }, { boardId: 'Некорректный идентификатор' }],
  ])('refuses a %s', async (_case, change, message) => {
    const b = await seedBoard(t.app);
    const res = await refused(t.app, b.member, 'POST', '/api/column', {
      boardId: b.id,
      name: 'Колонка',
      ...change,
    });
    expect(res).toEqual({ status: 400, body: message });
  });

  it('answers 404 for an unknown board', async () => {
    const b = await seedBoard(t.app);
    for (const boardId of [999_999, '99999999999999']) {
      const res = await refused(t.app, b.member, 'POST', '/api/column', { boardId, name: 'Колонка' });
      expect(res).toEqual({ status: 404, body: { message: 'Не найдено' } });
    }
  });
});

describe('PUT /api/column/edit', () => {
  it('renames a column and answers it with its tasks in order', async () => {
    const b = await seedBoard(t.app);
    const first = await addTask(t.app, b, b.columns[1]!);
    const second = await addTask(t.app, b, b.columns[1]!);
    const res = await call(t.app, b.member, 'PUT', `/api/column/edit/${b.id}/${b.columns[1]}`, {
      name: ' Тест ',
    });
    expect(res).toEqual({
      status: 200,
      body: {
        id: b.columns[1],
        boardId: b.id,
        name: 'Тест',
        taskIds: [first, second],
        version: 2,
        wipLimit: null,
        wipStrict: false,
      },
    });
  });

  it('refuses a bad name and unknown columns, changing nothing', async () => {
    const b = await seedBoard(t.app);
    const other = await seedBoard(t.app);
    const url = `/api/column/edit/${b.id}/${b.columns[0]}`;
    expect(await refused(t.app, b.member, 'PUT', url, { name: '' })).toEqual({
      status: 400,
      body: { name: 'Введите название колонки' },
    });
    expect(await refused(t.app, b.member, 'PUT', url, { name: MB })).toEqual({
      status: 400,
      body: { name: 'Слишком длинное значение' },
    });
    for (const columnId of [other.columns[0], '999999']) {
      expect(
        await refused(t.app, b.member, 'PUT', `/api/column/edit/${b.id}/${columnId}`, { name: 'Х' }),
      ).toEqual({
        status: 404,
        body: { message: 'Не найдено' },
      });
    }
    for (const columnId of ['abc', '99999999999']) {
      expect(
        await refused(t.app, b.member, 'PUT', `/api/column/edit/${b.id}/${columnId}`, { name: 'Х' }),
      ).toEqual({
        status: 400,
        body: { columnId: 'Некорректный идентификатор' },
      });
    }
  });
});

describe('PUT /api/column/reorder', () => {
  it('puts the columns in the given order', async () => {
    const b = await seedBoard(t.app);
    const [a, c, d] = b.columns as [string, string, string];
    const res = await call(t.app, b.member, 'PUT', `/api/column/reorder/${b.id}`, { columnOrder: [d, a, c] });
    expect(res).toEqual({ status: 200, body: { columnOrder: [d, a, c] } });
    expect(await columnOrder(b.id)).toEqual([d, a, c]);
  });

  it('refuses anything but a permutation of the board columns', async () => {
    const b = await seedBoard(t.app);
    const other = await seedBoard(t.app);
    const [a, c, d] = b.columns as [string, string, string];
    for (const order of [
      [a, c],
      [a, c, d, d],
      [a, a, c],
      [a, c, other.columns[0]],
      [a, c, d, other.columns[0]],
      [],
      [a, c, '99999999999'],
    ]) {
      const res = await refused(t.app, b.member, 'PUT', `/api/column/reorder/${b.id}`, {
        columnOrder: order,
      });
      expect(res).toEqual({ status: 400, body: MISMATCH });
    }
    expect(
      await refused(t.app, b.member, 'PUT', `/api/column/reorder/${b.id}`, { columnOrder: [a, c, 'x'] }),
    ).toEqual({ status: 400, body: MISMATCH });
    expect(
      await refused(t.app, b.member, 'PUT', `/api/column/reorder/${b.id}`, { columnOrder: 'abc' }),
    ).toEqual({
      status: 400,
      body: MISMATCH,
    });
  });
});

describe('DELETE /api/column/delete', () => {
  it('deletes the column with its tasks and closes the gap', async () => {
    const b = await seedBoard(t.app);
    const doomed = await addTask(t.app, b, b.columns[1]!);
    const kept = await addTask(t.app, b, b.columns[2]!);
    await call(t.app, b.member, 'POST', '/api/comment/create', {
      boardId: b.id,
      taskId: doomed,
      text: 'Комментарий',
    });
    const res = await call(t.app, b.member, 'DELETE', `/api/column/delete/${b.id}/${b.columns[1]}`);
    expect(res).toEqual({ status: 200, body: { success: true } });
    expect(await columnOrder(b.id)).toEqual([b.columns[0], b.columns[2]]);
    const tasks = await t.db.selectFrom('tasks').select('id').where('board_id', '=', b.id).execute();
    expect(tasks.map((row) => String(row.id))).toEqual([kept]);
    const comments = await t.db.selectFrom('comments').select('id').where('board_id', '=', b.id).execute();
    expect(comments).toEqual([]);
  });

  it('answers 404 for a column that is not on the board', async () => {
    const b = await seedBoard(t.app);
    const other = await seedBoard(t.app);
    for (const columnId of [other.columns[0], '999999']) {
      expect(await refused(t.app, b.member, 'DELETE', `/api/column/delete/${b.id}/${columnId}`)).toEqual({
        status: 404,
        body: { message: 'Не найдено' },
      });
    }
  });
});

describe('permissions', () => {
  it('refuses every column call to users who are not accepted members, changing nothing', async () => {
    const b = await seedBoard(t.app);
    const [a, c, d] = b.columns as [string, string, string];
    const calls: [Person, 'POST' | 'PUT' | 'DELETE', string, unknown][] = [];
    for (const user of [b.outsider, b.pending, b.removed]) {
      calls.push(
        [user, 'POST', '/api/column', { boardId: b.id, name: 'Чужая' }],
        [user, 'PUT', `/api/column/edit/${b.id}/${a}`, { name: 'Чужая' }],
        [user, 'PUT', `/api/column/reorder/${b.id}`, { columnOrder: [d, c, a] }],
        [user, 'DELETE', `/api/column/delete/${b.id}/${a}`, undefined],
      );
    }
    for (const [user, method, url, payload] of calls) {
      expect(await refused(t.app, user, method, url, payload)).toEqual({
        status: 403,
        body: { message: 'Нет доступа' },
      });
    }
    expect(await columnTasks(t.db, a)).toEqual([]);
  });

  it('needs a token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/column',
      payload: { boardId: 1, name: 'Х' },
    });
    expect(res.statusCode).toBe(401);
  });
});
