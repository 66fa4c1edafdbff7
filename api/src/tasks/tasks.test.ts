import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  boardVersion,
  call,
  columnTasks,
  createTestApp,
  type Person,
  person,
  refused,
  seedBoard,
  type TestApp,
  type TestBoard,
} from '../../test/fixtures.js';
import { orderAfterMove } from './repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const MB = 'x'.repeat(1024 * 1024);
const NOT_FOUND = { status: 404, body: { message: 'Не найдено' } };

async function addTask(b: TestBoard, columnId: string, extra: object = {}, user = b.member) {
  const res = await call(t.app, user, 'POST', '/api/task/create', {
    boardId: b.id,
    columnId,
    title: 'Задача',
    ...extra,
  });
  expect(res.status).toBe(200);
  return res.body.id as string;
}

async function addLabel(b: TestBoard, title = 'Метка'): Promise<number> {
  const res = await call(t.app, b.member, 'POST', `/api/label/${b.id}`, { title });
  return res.body.id;
}

/** A full edit body for the task as it is, with `change` applied. */
async function editBody(b: TestBoard, taskId: string, change: object = {}) {
  const { body } = await call(t.app, b.member, 'GET', `/api/task/${b.id}/${taskId}`);
  return {
    boardId: b.id,
    taskId,
    title: body.title,
    description: body.description,
    columnId: body.columnId,
    estimation: body.estimation,
    priority: body.priority,
    assignees: body.assignees,
    labels: body.labels,
    ...change,
  };
}

describe('POST /api/task/create', () => {
  it('appends a numbered task to the column', async () => {
    const b = await seedBoard(t.app);
    const label = await addLabel(b);
    const first = await call(t.app, b.member, 'POST', '/api/task/create', {
      boardId: b.id,
      columnId: b.columns[1],
      title: '  Сделать вход  ',
      assignees: [b.member.id, b.creator.id, b.member.id],
      labels: [label],
      priority: 'high',
    });
    expect(first).toEqual({
      status: 200,
      body: {
        id: expect.stringMatching(/^\d+$/),
        boardId: b.id,
        columnId: b.columns[1],
        number: 1,
        title: 'Сделать вход',
        hasDescription: false,
        estimation: '',
        priority: 'high',
        assignees: [b.creator.id, b.member.id].sort((x, y) => x - y),
        labels: [label],
        commentsCount: 0,
        filesCount: 0,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        createdBy: b.member.id,
      },
    });
    const second = await call(t.app, b.creator, 'POST', '/api/task/create', {
      boardId: String(b.id),
      columnId: Number(b.columns[1]),
      title: 'Второе',
    });
    expect(second.body).toMatchObject({
      number: 2,
      priority: null,
      assignees: [],
      labels: [],
      createdBy: b.creator.id,
    });
    expect(await columnTasks(t.db, b.columns[1]!)).toEqual([first.body.id, second.body.id]);
    const board = await t.db
      .selectFrom('boards')
      .select('task_seq')
      .where('id', '=', b.id)
      .executeTakeFirstOrThrow();
    expect(board.task_seq).toBe(2);
  });

  it.each([
    ['blank title', { title: '   ' }, { title: 'Введите название задачи' }],
    ['missing title', { title: undefined }, { title: 'Введите название задачи' }],
    ['1 MB title', { title: MB }, { title: 'Слишком длинное значение' }],
    ['title over 500 characters', { title: 'я'.repeat(501) }, { title: 'Слишком длинное значение' }],
    ['unknown priority', { priority: 'urgent' }, { priority: 'Неизвестный приоритет' }],
    ['missing column', { columnId: undefined }, { columnId: 'Колонка не найдена' }],
    ['malformed column id', { columnId: 'abc' }, { columnId: 'Колонка не найдена' }],
    ['unknown column', { columnId: '999999' }, { columnId: 'Колонка не найдена' }],
    ['assignee list of wrong type', { assignees: 'all' }, { assignees: 'Исполнитель не участник доски' }],
  ])('refuses a %s, changing nothing', async (_case, change, message) => {
    const b = await seedBoard(t.app);
    const body = { boardId: b.id, columnId: b.columns[0], title: 'Задача', ...change };
    expect(await refused(t.app, b.member, 'POST', '/api/task/create', body)).toEqual({
      status: 400,
      body: message,
    });
  });

  it('refuses columns, labels and assignees from outside the board, naming each field', async () => {
    const b = await seedBoard(t.app);
    const other = await seedBoard(t.app);
    const foreignLabel = await addLabel(other);
    const base = { boardId: b.id, columnId: b.columns[0], title: 'Задача' };
    for (const user of [b.pending, b.removed, b.outsider]) {
      expect(
        await refused(t.app, b.member, 'POST', '/api/task/create', {
          ...base,
          assignees: [b.member.id, user.id],
        }),
      ).toEqual({ status: 400, body: { assignees: 'Исполнитель не участник доски' } });
    }
    expect(
      await refused(t.app, b.member, 'POST', '/api/task/create', { ...base, assignees: [99999999999] }),
    ).toEqual({
      status: 400,
      body: { assignees: 'Исполнитель не участник доски' },
    });
    expect(
      await refused(t.app, b.member, 'POST', '/api/task/create', { ...base, labels: [foreignLabel] }),
    ).toEqual({
      status: 400,
      body: { labels: 'Метка не с этой доски' },
    });
    expect(
      await refused(t.app, b.member, 'POST', '/api/task/create', {
        ...base,
        columnId: other.columns[0],
        labels: [foreignLabel],
        assignees: [b.outsider.id],
      }),
    ).toEqual({
      status: 400,
      body: {
        columnId: 'Колонка не найдена',
        labels: 'Метка не с этой доски',
        assignees: 'Исполнитель не участник доски',
      },
    });
  });

  it('answers 404 for an unknown board', async () => {
    const b = await seedBoard(t.app);
    expect(
      await refused(t.app, b.member, 'POST', '/api/task/create', {
        boardId: 999_999,
        columnId: b.columns[0],
        title: 'Х',
      }),
    ).toEqual(NOT_FOUND);
  });
});

describe('GET /api/task', () => {
  it('answers the task with description, comments oldest first and files', async () => {
    const b = await seedBoard(t.app);
    const taskId = await addTask(b, b.columns[0]!);
    await call(
      t.app,
      b.member,
      'PUT',
      '/api/task/edit',
      await editBody(b, taskId, { description: 'Подробности' }),
    );
    const first = await call(t.app, b.member, 'POST', '/api/comment/create', {
      boardId: b.id,
      taskId,
      text: 'Раз',
    });
    const second = await call(t.app, b.creator, 'POST', '/api/comment/create', {
      boardId: b.id,
      taskId,
      text: 'Два',
    });
    const file = await t.db
      .insertInto('files')
      .values({
        board_id: b.id,
        task_id: Number(taskId),
        name: 'план.pdf',
        storage_key: 'boards/1/plan.pdf',
        type: 'application/pdf',
        size: 12345,
        created_by: b.member.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await call(t.app, b.member, 'GET', `/api/task/${b.id}/${taskId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: taskId,
      hasDescription: true,
      description: 'Подробности',
      commentsCount: 2,
      filesCount: 1,
      comments: [first.body, second.body],
      files: [
        {
          id: file.id,
          boardId: b.id,
          taskId,
          name: 'план.pdf',
          url: '/api/file/object/boards/1/plan.pdf',
          type: 'application/pdf',
          size: 12345,
        },
      ],
    });
  });

  it('answers 404 for a task that is not on the board', async () => {
    const b = await seedBoard(t.app);
    const other = await seedBoard(t.app);
    const foreign = await addTask(other, other.columns[0]!, {}, other.member);
    for (const taskId of [foreign, '999999']) {
      expect(await call(t.app, b.member, 'GET', `/api/task/${b.id}/${taskId}`)).toEqual(NOT_FOUND);
    }
    for (const taskId of ['abc', '99999999999']) {
      expect(await call(t.app, b.member, 'GET', `/api/task/${b.id}/${taskId}`)).toEqual({
        status: 400,
        body: { taskId: 'Некорректный идентификатор' },
      });
    }
  });
});

describe('PUT /api/task/edit', () => {
  it('replaces every field; a new column puts the task at its end', async () => {
    const b = await seedBoard(t.app);
    const label = await addLabel(b);
    const [a, c] = [await addTask(b, b.columns[0]!), await addTask(b, b.columns[0]!)];
    const d = await addTask(b, b.columns[0]!);
    const target = await addTask(b, b.columns[1]!);
    const res = await call(t.app, b.member, 'PUT', '/api/task/edit', {
      boardId: b.id,
      taskId: c,
      title: ' Новое ',
      description: 'Текст',
      columnId: b.columns[1],
      estimation: '1,5',
      priority: 'critical',
      assignees: [b.creator.id],
      labels: [label],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: c,
      columnId: b.columns[1],
      title: 'Новое',
      hasDescription: true,
      estimation: '1.5',
      priority: 'critical',
      assignees: [b.creator.id],
      labels: [label],
    });
    expect(await columnTasks(t.db, b.columns[0]!)).toEqual([a, d]);
    expect(await columnTasks(t.db, b.columns[1]!)).toEqual([target, c]);

    const cleared = await call(
      t.app,
      b.member,
      'PUT',
      '/api/task/edit',
      await editBody(b, c, { estimation: 8, priority: null, assignees: [], labels: [], description: '' }),
    );
    expect(cleared.body).toMatchObject({
      estimation: '8',
      priority: null,
      assignees: [],
      labels: [],
      hasDescription: false,
    });
    const unset = await call(
      t.app,
      b.member,
      'PUT',
      '/api/task/edit',
      await editBody(b, c, { estimation: ' ' }),
    );
    expect(unset.body.estimation).toBe('');
    expect(await columnTasks(t.db, b.columns[1]!)).toEqual([target, c]);
  });

  it.each([
    ['estimation that is not a number', { estimation: 'два' }, { estimation: 'Оценка должна быть числом' }],
    ['negative estimation', { estimation: '-1' }, { estimation: 'Оценка должна быть числом' }],
    ['estimation of two numbers', { estimation: '1.2.3' }, { estimation: 'Оценка должна быть числом' }],
    ['estimation over 8 characters', { estimation: '123456789' }, { estimation: 'Слишком длинное значение' }],
    ['estimation of wrong type', { estimation: true }, { estimation: 'Оценка должна быть числом' }],
    ['unknown priority', { priority: 'soon' }, { priority: 'Неизвестный приоритет' }],
    ['1 MB title', { title: MB }, { title: 'Слишком длинное значение' }],
    ['blank title', { title: '' }, { title: 'Введите название задачи' }],
    [
      'description over 20 000 characters',
      { description: 'я'.repeat(20_001) },
      { description: 'Слишком длинное значение' },
    ],
    ['missing description', { description: undefined }, { description: 'Описание должно быть текстом' }],
    ['unknown column', { columnId: '999999' }, { columnId: 'Колонка не найдена' }],
    ['missing labels', { labels: undefined }, { labels: 'Метка не с этой доски' }],
  ])('refuses an %s, changing nothing', async (_case, change, message) => {
    const b = await seedBoard(t.app);
    const taskId = await addTask(b, b.columns[0]!);
    const body = await editBody(b, taskId, change);
    expect(await refused(t.app, b.member, 'PUT', '/api/task/edit', body)).toEqual({
      status: 400,
      body: message,
    });
  });

  it('refuses references outside the board and tasks of other boards', async () => {
    const b = await seedBoard(t.app);
    const other = await seedBoard(t.app);
    const taskId = await addTask(b, b.columns[0]!);
    const foreignTask = await addTask(other, other.columns[0]!, {}, other.member);
    const foreignLabel = await addLabel(other);
    const body = await editBody(b, taskId);
    expect(
      await refused(t.app, b.member, 'PUT', '/api/task/edit', { ...body, columnId: other.columns[0] }),
    ).toEqual({
      status: 400,
      body: { columnId: 'Колонка не найдена' },
    });
    expect(
      await refused(t.app, b.member, 'PUT', '/api/task/edit', { ...body, labels: [foreignLabel] }),
    ).toEqual({
      status: 400,
      body: { labels: 'Метка не с этой доски' },
    });
    expect(
      await refused(t.app, b.member, 'PUT', '/api/task/edit', { ...body, assignees: [b.removed.id] }),
    ).toEqual({
      status: 400,
      body: { assignees: 'Исполнитель не участник доски' },
    });
    expect(await refused(t.app, b.member, 'PUT', '/api/task/edit', { ...body, taskId: foreignTask })).toEqual(
      NOT_FOUND,
    );
  });
});

describe('DELETE /api/task/delete', () => {
  it('deletes the task and closes the gap in its column', async () => {
    const b = await seedBoard(t.app);
    const [a, c, d] = [
      await addTask(b, b.columns[0]!),
      await addTask(b, b.columns[0]!),
      await addTask(b, b.columns[0]!),
    ];
    await call(t.app, b.member, 'POST', '/api/comment/create', { boardId: b.id, taskId: c, text: 'х' });
    expect(await call(t.app, b.member, 'DELETE', `/api/task/delete/${b.id}/${c}`)).toEqual({
      status: 200,
      body: { success: true },
    });
    expect(await columnTasks(t.db, b.columns[0]!)).toEqual([a, d]);
    expect(await t.db.selectFrom('comments').select('id').where('board_id', '=', b.id).execute()).toEqual([]);
  });

  it('answers 404 for a task that is not on the board', async () => {
    const b = await seedBoard(t.app);
    const other = await seedBoard(t.app);
    const foreign = await addTask(other, other.columns[0]!, {}, other.member);
    for (const taskId of [foreign, '999999']) {
      expect(await refused(t.app, b.member, 'DELETE', `/api/task/delete/${b.id}/${taskId}`)).toEqual(
        NOT_FOUND,
      );
    }
  });
});

describe('PUT /api/task/move', () => {
  it('orders the target column by the list, stale ids dropped, omitted tasks after', () => {
    // current column [1, 2, 3], moving 9 in
    expect(orderAfterMove([1, 2, 3], [2, 9, 1, 3], 9)).toEqual([2, 9, 1, 3]);
    expect(orderAfterMove([1, 2, 3], [9, 7, 3, 3, 8], 9)).toEqual([9, 3, 1, 2]);
    expect(orderAfterMove([1, 2, 3], [9], 9)).toEqual([9, 1, 2, 3]);
    expect(orderAfterMove([], [5, 9, 6], 9)).toEqual([9]);
    // within the column
    expect(orderAfterMove([1, 2, 3], [3, 1, 2], 3)).toEqual([3, 1, 2]);
  });

  it('moves within a column and across columns', async () => {
    const b = await seedBoard(t.app);
    const [a, c, d] = [
      await addTask(b, b.columns[0]!),
      await addTask(b, b.columns[0]!),
      await addTask(b, b.columns[0]!),
    ];
    const e = await addTask(b, b.columns[1]!);
    const move = (taskId: string, newColumnId: string, newColumnTaskIds: (string | number)[]) =>
      call(t.app, b.member, 'PUT', '/api/task/move', {
        boardId: b.id,
        taskId,
        newColumnId,
        newColumnTaskIds,
      });

    expect(await move(d, b.columns[0]!, [d, a, c].map(Number))).toEqual({
      status: 200,
      body: { success: true },
    });
    expect(await columnTasks(t.db, b.columns[0]!)).toEqual([d, a, c]);

    expect((await move(a, b.columns[1]!, [Number(e), Number(a)])).status).toBe(200);
    expect(await columnTasks(t.db, b.columns[0]!)).toEqual([d, c]);
    expect(await columnTasks(t.db, b.columns[1]!)).toEqual([e, a]);

    // A stale view: it lists a task that has left the column and misses one that came in.
    expect((await move(c, b.columns[1]!, [Number(d), Number(c), Number(e), Number(c), 999_999])).status).toBe(
      200,
    );
    expect(await columnTasks(t.db, b.columns[1]!)).toEqual([c, e, a]);
    expect(await columnTasks(t.db, b.columns[0]!)).toEqual([d]);

    // Into an empty column.
    expect((await move(d, b.columns[2]!, [d])).status).toBe(200);
    expect(await columnTasks(t.db, b.columns[0]!)).toEqual([]);
    expect(await columnTasks(t.db, b.columns[2]!)).toEqual([d]);
    expect(await boardVersion(t.db, b.id)).toBe(8);
  });

  it('refuses a list without the task, an unknown column and tasks of other boards', async () => {
    const b = await seedBoard(t.app);
    const other = await seedBoard(t.app);
    const [a, c] = [await addTask(b, b.columns[0]!), await addTask(b, b.columns[1]!)];
    const foreign = await addTask(other, other.columns[0]!, {}, other.member);
    const body = {
      boardId: b.id,
      taskId: a,
      newColumnId: b.columns[1],
      newColumnTaskIds: [Number(a), Number(c)],
    };
    expect(
      await refused(t.app, b.member, 'PUT', '/api/task/move', { ...body, newColumnTaskIds: [Number(c)] }),
    ).toEqual({
      status: 400,
      body: { taskId: 'Задача должна быть в списке колонки' },
    });
    expect(
      await refused(t.app, b.member, 'PUT', '/api/task/move', { ...body, newColumnTaskIds: [] }),
    ).toEqual({
      status: 400,
      body: { taskId: 'Задача должна быть в списке колонки' },
    });
    for (const newColumnId of [other.columns[0], '999999']) {
      expect(await refused(t.app, b.member, 'PUT', '/api/task/move', { ...body, newColumnId })).toEqual({
        status: 400,
        body: { newColumnId: 'Колонка не найдена' },
      });
    }
    expect(
      await refused(t.app, b.member, 'PUT', '/api/task/move', {
        ...body,
        taskId: foreign,
        newColumnTaskIds: [Number(foreign)],
      }),
    ).toEqual(NOT_FOUND);
    expect(
      await refused(t.app, b.member, 'PUT', '/api/task/move', { ...body, newColumnTaskIds: ['x'] }),
    ).toEqual({
      status: 400,
      body: { newColumnTaskIds: 'Некорректный список задач' },
    });
  });
});

describe('permissions', () => {
  it('refuses every task call to users who are not accepted members, changing nothing', async () => {
    const b = await seedBoard(t.app);
    const label = await addLabel(b);
    const taskId = await addTask(b, b.columns[0]!, { labels: [label] });
    const full = await editBody(b, taskId, { title: 'Чужое', columnId: b.columns[1] });
    const calls: [Person, 'GET' | 'POST' | 'PUT' | 'DELETE', string, unknown][] = [];
    for (const user of [b.outsider, b.pending, b.removed]) {
      calls.push(
        [user, 'POST', '/api/task/create', { boardId: b.id, columnId: b.columns[0], title: 'Чужое' }],
        [user, 'GET', `/api/task/${b.id}/${taskId}`, undefined],
        [user, 'PUT', '/api/task/edit', full],
        [
          user,
          'PUT',
          '/api/task/move',
          { boardId: b.id, taskId, newColumnId: b.columns[2], newColumnTaskIds: [Number(taskId)] },
        ],
        [user, 'DELETE', `/api/task/delete/${b.id}/${taskId}`, undefined],
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

describe('concurrent moves', () => {
  const COLUMNS = 4;
  const PER_COLUMN = 25;

  const shuffle = <T>(items: T[]) => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = Math.floor(Math.random() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  };
  const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

  async function layout(b: TestBoard): Promise<Map<string, string[]>> {
    const result = new Map<string, string[]>();
    for (const column of b.columns) result.set(column, await columnTasks(t.db, column));
    return result;
  }

  it('keeps every card in exactly one column exactly once under 200 racing moves, edits and deletes', async () => {
    const b = await seedBoard(t.app, ['Очередь', 'В работе', 'Проверка', 'Готово']);
    const third = await person(t.app, 'Третий');
    await t.db
      .insertInto('board_members')
      .values({ board_id: b.id, user_id: third.id, accepted: true })
      .execute();
    const members = [b.creator, b.member, third];
    const rows = await t.db
      .insertInto('tasks')
      .values(
        Array.from({ length: COLUMNS * PER_COLUMN }, (_, i) => ({
          board_id: b.id,
          column_id: Number(b.columns[i % COLUMNS]),
          position: Math.floor(i / COLUMNS),
          number: i + 1,
          title: `Карточка ${i + 1}`,
          created_by: b.creator.id,
        })),
      )
      .returning('id')
      .execute();
    await t.db
      .updateTable('boards')
      .set({ task_seq: COLUMNS * PER_COLUMN })
      .where('id', '=', b.id)
      .execute();
    const all = rows.map((row) => String(row.id));
    // A few cards are deleted along the way; the rest are moved and edited.
    const doomed = all.slice(0, 5);
    const movable = all.slice(5);

    let moves = 0;
    for (let batch = 0; moves < 200; batch += 1) {
      const seen = await layout(b);
      const requests: Promise<{ status: number; kind: string }>[] = [];
      for (let i = 0; i < 20 && moves < 200; i += 1, moves += 1) {
        const taskId = pick(movable);
        const target = pick(b.columns);
        // The client's view: the target column as it looked before the batch, the card dropped in.
        const view = (seen.get(target) ?? []).filter((id) => id !== taskId);
        view.splice(Math.floor(Math.random() * (view.length + 1)), 0, taskId);
        const user = pick(members);
        requests.push(
          call(t.app, user, 'PUT', '/api/task/move', {
            boardId: b.id,
            taskId,
            newColumnId: target,
            newColumnTaskIds: view.map(Number),
          }).then((res) => ({ status: res.status, kind: 'move' })),
        );
      }
      for (let i = 0; i < 3; i += 1) {
        const taskId = pick(movable);
        const user = pick(members);
        requests.splice(
          Math.floor(Math.random() * requests.length),
          0,
          call(t.app, user, 'PUT', '/api/task/edit', {
            boardId: b.id,
            taskId,
            title: `Правка ${batch}-${i}`,
            description: '',
            columnId: pick(b.columns),
            estimation: String(i),
            priority: null,
            assignees: [user.id],
            labels: [],
          }).then((res) => ({ status: res.status, kind: 'edit' })),
        );
      }
      const deleted = doomed[batch];
      if (deleted) {
        requests.push(
          call(t.app, pick(members), 'DELETE', `/api/task/delete/${b.id}/${deleted}`).then((res) => ({
            status: res.status,
            kind: 'delete',
          })),
        );
      }
      const answers = await Promise.all(shuffle(requests));
      expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    }

    const final = await layout(b);
    const placed = [...final.values()].flat();
    expect(placed).toHaveLength(movable.length);
    expect(new Set(placed)).toEqual(new Set(movable));
    const count = await t.db
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('board_id', '=', b.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.count)).toBe(movable.length);
    // 200 moves, 3 edits per batch of 20, 5 deletes: one version each.
    expect(await boardVersion(t.db, b.id)).toBe(200 + 10 * 3 + 5);
  }, 60_000);
});
