import { describe, expect, it } from 'vitest';
import {
  addLabel,
  addTask,
  call,
  columnTasks,
  editBody,
  MB,
  NOT_FOUND,
  type Person,
  refused,
  seedBoard,
  useTestApp,
} from '../../test/fixtures.js';

const t = useTestApp();

describe('PUT /api/task/edit', () => {
  it('replaces every field; a new column puts the task at its end', async () => {
    const b = await seedBoard(t.app);
    const label = await addLabel(t.app, b);
    const [a, c] = [await addTask(t.app, b, b.columns[0]!), await addTask(t.app, b, b.columns[0]!)];
    const d = await addTask(t.app, b, b.columns[0]!);
    const target = await addTask(t.app, b, b.columns[1]!);
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
      await editBody(t.app, b, c, {
        estimation: 8,
        priority: null,
        assignees: [],
        labels: [],
        description: '',
      }),
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
      await editBody(t.app, b, c, { estimation: ' ' }),
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
    const taskId = await addTask(t.app, b, b.columns[0]!);
    const body = await editBody(t.app, b, taskId, change);
    expect(await refused(t.app, b.member, 'PUT', '/api/task/edit', body)).toEqual({
      status: 400,
      body: message,
    });
  });

  it('refuses references outside the board and tasks of other boards', async () => {
    const b = await seedBoard(t.app);
    const other = await seedBoard(t.app);
    const taskId = await addTask(t.app, b, b.columns[0]!);
    const foreignTask = await addTask(t.app, other, other.columns[0]!, {}, other.member);
    const foreignLabel = await addLabel(t.app, other);
    const body = await editBody(t.app, b, taskId);
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

describe('permissions', () => {
  it('refuses every task call to users who are not accepted members, changing nothing', async () => {
    const b = await seedBoard(t.app);
    const label = await addLabel(t.app, b);
    const taskId = await addTask(t.app, b, b.columns[0]!, { labels: [label] });
    const full = await editBody(t.app, b, taskId, { title: 'Чужое', columnId: b.columns[1] });
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
