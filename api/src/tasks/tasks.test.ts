import { describe, expect, it } from 'vitest';
import {
  addLabel,
  addTask,
  call,
  columnTasks,
  editBody,
  MB,
  NOT_FOUND,
  refused,
  seedBoard,
  useTestApp,
} from '../../test/fixtures.js';

const t = useTestApp();

describe('POST /api/task/create', () => {
  it('appends a numbered task to the column', async () => {
    const b = await seedBoard(t.app);
    const label = await addLabel(t.app, b);
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
        version: 1,
        dueAt: null,
        startAt: null,
        dueDone: false,
        checklist: { done: 0, total: 0 },
        coverFileId: null,
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
    const foreignLabel = await addLabel(t.app, other);
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
    const taskId = await addTask(t.app, b, b.columns[0]!);
    await call(
      t.app,
      b.member,
      'PUT',
      '/api/task/edit',
      await editBody(t.app, b, taskId, { description: 'Подробности' }),
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
    const foreign = await addTask(t.app, other, other.columns[0]!, {}, other.member);
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

describe('DELETE /api/task/delete', () => {
  it('deletes the task and closes the gap in its column', async () => {
    const b = await seedBoard(t.app);
    const [a, c, d] = [
      await addTask(t.app, b, b.columns[0]!),
      await addTask(t.app, b, b.columns[0]!),
      await addTask(t.app, b, b.columns[0]!),
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
    const foreign = await addTask(t.app, other, other.columns[0]!, {}, other.member);
    for (const taskId of [foreign, '999999']) {
      expect(await refused(t.app, b.member, 'DELETE', `/api/task/delete/${b.id}/${taskId}`)).toEqual(
        NOT_FOUND,
      );
    }
  });
});
