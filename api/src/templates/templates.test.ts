/**
 * Templates: a board saved as a template (with and without its cards), listed with the built-in ones,
 * a board made from it and from the built-in 'Спринт' (columns, labels, cards), deleted by its owner
 * only; another user neither sees it nor deletes it nor makes a board from it.
 */
import type { Activity } from 'contract/activity';
import type { Template } from 'contract/templates';
import { describe, expect, it } from 'vitest';
import {
  addWorkedTask,
  boardDetail,
  boardList,
  boardSnapshot,
  call,
  type Person,
  person,
  refused,
  seedBoard,
  type TestBoard,
  useTestApp,
} from '../../test/fixtures.js';

const t = useTestApp();

/** A card with a label, two assignees, a ticked checklist item and a comment. */
async function richTask(b: TestBoard) {
  const label = await call(t.app, b.member, 'POST', `/api/label/${b.id}`, {
    title: 'Срочно',
    color: '#eb5a46',
  });
  const taskId = await addWorkedTask(t.app, b, b.columns[1]!, [label.body.id]);
  return taskId;
}

const templates = async (who: Person) => (await call<Template[]>(t.app, who, 'GET', '/api/templates')).body;

/** Creates a board from a template as `who`; the new board's id. */
async function fromTemplate(who: Person, templateId: string, name = 'Из шаблона'): Promise<number> {
  const before = new Set((await boardList(t.app, who)).map((board) => board.id));
  const made = await call(t.app, who, 'POST', '/api/board', { name, templateId });
  expect(made.status).toBe(200);
  const added = made.body.filter((board: { id: number }) => !before.has(board.id));
  expect(added).toHaveLength(1);
  expect(added[0]).toMatchObject({ name, role: 'admin' });
  return added[0].id;
}

describe('templates', () => {
  it('save a board with and without its cards, list them, make boards from them, delete them', async () => {
    const b = await seedBoard(t.app);
    await richTask(b);

    const bare = await call<Template>(t.app, b.member, 'POST', '/api/templates', {
      boardId: b.id,
      name: '  Только колонки  ',
    });
    expect(bare.status).toBe(200);
    expect(bare.body).toEqual({
      id: expect.stringMatching(/^[1-9][0-9]*$/),
      name: 'Только колонки',
      builtIn: false,
      columns: ['Нужно сделать', 'В работе', 'Готово'],
      labels: 1,
      tasks: 0,
      createdAt: expect.any(String),
    });
    const full = await call<Template>(t.app, b.member, 'POST', '/api/templates', {
      boardId: String(b.id),
      name: 'С карточками',
      withTasks: true,
    });
    expect(full.body).toMatchObject({ name: 'С карточками', labels: 1, tasks: 1 });

    // The caller's own (newest first), then the built-in ones.
    const listed = await templates(b.member);
    expect(listed.map((item) => item.id)).toEqual([
      full.body.id,
      bare.body.id,
      'kanban',
      'sprint',
      'hiring',
      'personal',
    ]);
    expect(listed.slice(2).map((item) => [item.name, item.builtIn])).toEqual([
      ['Канбан', true],
      ['Спринт', true],
      ['Найм', true],
      ['Личные дела', true],
    ]);
    // Another user sees only the built-in ones.
    expect((await templates(b.outsider)).map((item) => item.id)).toEqual([
      'kanban',
      'sprint',
      'hiring',
      'personal',
    ]);

    // From the template with cards: columns, labels, the card with its checklist unticked, no people.
    const copyId = await fromTemplate(b.member, full.body.id);
    const copy = (await boardDetail(t.app, b.member, copyId)).body;
    expect(copy.createdBy).toBe(b.member.id);
    expect(copy.members.map((member) => member.id)).toEqual([b.member.id]);
    expect(copy.columnOrder.map((id) => copy.columns[id]!.name)).toEqual([
      'Нужно сделать',
      'В работе',
      'Готово',
    ]);
    expect(copy.labels.map((label) => [label.title, label.color])).toEqual([['Срочно', '#eb5a46']]);
    const [task] = Object.values(copy.tasks);
    expect(task).toMatchObject({
      title: 'Отчёт',
      number: 1,
      columnId: copy.columnOrder[1],
      labels: [copy.labels[0]!.id],
      assignees: [],
      commentsCount: 0,
      filesCount: 0,
      checklist: { done: 0, total: 1 },
    });
    const activity = await call<Activity[]>(t.app, b.member, 'GET', `/api/activity/${copyId}`);
    expect(activity.body.map((row) => [row.kind, row.data])).toEqual([
      ['board.copied', { from: 'template', name: 'С карточками', tasks: 1 }],
    ]);

    // From the template without cards: the columns and labels only.
    const bareBoard = (await boardDetail(t.app, b.member, await fromTemplate(b.member, bare.body.id))).body;
    expect(bareBoard.columnOrder).toHaveLength(3);
    expect(bareBoard.labels.map((label) => label.title)).toEqual(['Срочно']);
    expect(bareBoard.tasks).toEqual({});

    // Only its owner deletes it; a built-in cannot be deleted.
    expect(await call(t.app, b.outsider, 'DELETE', `/api/templates/${full.body.id}`)).toEqual({
      status: 404,
      body: { message: 'Не найдено' },
    });
    expect(await call(t.app, b.member, 'DELETE', '/api/templates/sprint')).toEqual({
      status: 400,
      body: { id: 'Встроенный шаблон удалить нельзя' },
    });
    expect(await call(t.app, b.member, 'DELETE', `/api/templates/${full.body.id}`)).toEqual({
      status: 200,
      body: { success: true },
    });
    expect((await templates(b.member)).map((item) => item.id).slice(0, 2)).toEqual([bare.body.id, 'kanban']);
    expect((await call(t.app, b.member, 'DELETE', `/api/templates/${full.body.id}`)).status).toBe(404);
  });

  it("makes a board from the built-in 'Спринт' with its columns, labels and sample cards", async () => {
    const anna = await person(t.app, 'Анна');
    const boardId = await fromTemplate(anna, 'sprint', 'Спринт 12');
    const board = (await boardDetail(t.app, anna, boardId)).body;
    expect(board.name).toBe('Спринт 12');
    expect(board.columnOrder.map((id) => board.columns[id]!.name)).toEqual([
      'Бэклог спринта',
      'В работе',
      'Код-ревью',
      'Тестирование',
      'Готово',
    ]);
    expect(board.labels.map((label) => label.title)).toEqual(['Фича', 'Баг', 'Техдолг']);
    const backlog = board.columns[board.columnOrder[0]!]!.taskIds.map((id) => board.tasks[id]!);
    expect(backlog.map((task) => task.title)).toEqual(['Цель спринта', 'Новая функция', 'Исправить ошибку']);
    expect(backlog[0]!.checklist).toEqual({ done: 0, total: 3 });
    expect(backlog[1]!.labels).toEqual([board.labels.find((label) => label.title === 'Фича')!.id]);
    expect(Object.keys(board.tasks)).toHaveLength(4);
    // A colour given with the call wins over the template's.
    const colored = await call(t.app, anna, 'POST', '/api/board', {
      name: 'Личное',
      templateId: 'personal',
      color: '#AABBCC',
    });
    expect(colored.body.find((item: { name: string }) => item.name === 'Личное')?.color).toBe('#aabbcc');
  });

  it("refuses an unknown or another user's template, and a board one may not read; nothing is made", async () => {
    const b = await seedBoard(t.app);
    const mine = await call<Template>(t.app, b.creator, 'POST', '/api/templates', {
      boardId: b.id,
      name: 'Мой',
    });
    const before = await boardSnapshot(t.db);
    for (const templateId of [mine.body.id, 'nothing', '2147483647', '9999999999']) {
      expect(
        await call(t.app, b.outsider, 'POST', '/api/board', { name: 'Чужой шаблон', templateId }),
      ).toEqual({ status: 400, body: { templateId: 'Шаблон не найден' } });
    }
    expect(await call(t.app, b.outsider, 'POST', '/api/board', { name: 'X', templateId: 'Sprint!' })).toEqual(
      {
        status: 400,
        body: { templateId: 'Шаблон не найден' },
      },
    );
    expect(await boardSnapshot(t.db)).toEqual(before);

    // Saving: any reader may; an outsider is refused before the payload; bad fields are named.
    const viewer = await person(t.app, 'Наблюдатель');
    await t.db
      .insertInto('board_members')
      .values({ board_id: b.id, user_id: viewer.id, accepted: true, role: 'viewer' })
      .execute();
    expect(
      (await call(t.app, viewer, 'POST', '/api/templates', { boardId: b.id, name: 'Для себя' })).status,
    ).toBe(200);
    expect(await refused(t.app, b.outsider, 'POST', '/api/templates', { boardId: b.id, name: '' })).toEqual({
      status: 403,
      body: { message: 'Нет доступа' },
    });
    expect(
      await call(t.app, b.outsider, 'POST', '/api/templates', { boardId: 999_999, name: 'Нет' }),
    ).toEqual({
      status: 404,
      body: { message: 'Не найдено' },
    });
    expect(
      await call(t.app, b.member, 'POST', '/api/templates', { boardId: b.id, name: ' ', withTasks: 'да' }),
    ).toEqual({
      status: 400,
      body: { name: 'Введите название шаблона', withTasks: 'Некорректное значение' },
    });
    expect((await call(t.app, b.member, 'DELETE', '/api/templates/0x10')).status).toBe(400);
  });
});
