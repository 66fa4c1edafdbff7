import type { TaskDetail } from 'contract/tasks';
import { describe, expect, it } from 'vitest';
import {
  addTask,
  boardDetail,
  boardSnapshot,
  boardVersion,
  call,
  FORBIDDEN,
  MB,
  NOT_FOUND,
  type Person,
  refused,
  seedBoard,
  type TestBoard,
  useTestApp,
} from '../../test/fixtures.js';

const t = useTestApp();

/** A task with one list of `items` (in order), made through the API; the ids. */
async function seedList(b: TestBoard, items: string[] = []) {
  const taskId = await addTask(t.app, b);
  const created = await call<TaskDetail>(t.app, b.member, 'POST', `/api/checklist/${b.id}/${taskId}`, {
    title: 'Список',
  });
  const listId = created.body.checklists[0]!.id;
  let detail = created.body;
  for (const text of items) {
    detail = (
      await call<TaskDetail>(t.app, b.member, 'POST', `/api/checklist/item/${b.id}/${listId}`, { text })
    ).body;
  }
  const itemIds = detail.checklists[0]!.items.map((item) => item.id);
  return { taskId, listId, itemIds };
}

/** The list's item texts in order, and their positions dense from 0. */
async function itemTexts(listId: number): Promise<string[]> {
  const rows = await t.db
    .selectFrom('checklist_items')
    .select(['text', 'position'])
    .where('checklist_id', '=', listId)
    .orderBy('position')
    .execute();
  expect(rows.map((row) => row.position)).toEqual(rows.map((_, index) => index));
  return rows.map((row) => row.text);
}

async function listTitles(taskId: string): Promise<string[]> {
  const rows = await t.db
    .selectFrom('checklists')
    .select(['title', 'position'])
    .where('task_id', '=', Number(taskId))
    .orderBy('position')
    .execute();
  expect(rows.map((row) => row.position)).toEqual(rows.map((_, index) => index));
  return rows.map((row) => row.title);
}

describe('checklists', () => {
  it('adds lists in order, renames, moves and deletes them, answering the task detail', async () => {
    const b = await seedBoard(t.app);
    const taskId = await addTask(t.app, b);
    const version = await boardVersion(t.db, b.id);
    const first = await call(t.app, b.member, 'POST', `/api/checklist/${b.id}/${taskId}`, {
      title: '  Проверить  ',
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      id: taskId,
      checklist: { done: 0, total: 0 },
      checklists: [{ id: expect.any(Number), title: 'Проверить', position: 0, items: [] }],
      // The member made the task, so watches it: every answer with the detail says so.
      watching: true,
    });
    expect(await boardVersion(t.db, b.id)).toBe(version + 1);
    for (const title of ['Второй', 'Третий']) {
      const added = await call(t.app, b.creator, 'POST', `/api/checklist/${b.id}/${taskId}`, { title });
      expect(added.body.watching).toBe(false);
    }
    const ids = (
      await call<TaskDetail>(t.app, b.member, 'GET', `/api/task/${b.id}/${taskId}`)
    ).body.checklists.map((list) => list.id);
    expect(await listTitles(taskId)).toEqual(['Проверить', 'Второй', 'Третий']);

    const moved = await call(t.app, b.member, 'PUT', `/api/checklist/${b.id}/${ids[2]}`, {
      title: ' Первый ',
      position: 0,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.checklists.map((list: { title: string }) => list.title)).toEqual([
      'Первый',
      'Проверить',
      'Второй',
    ]);
    // Past the end means last.
    await call(t.app, b.member, 'PUT', `/api/checklist/${b.id}/${ids[2]}`, { position: 99 });
    expect(await listTitles(taskId)).toEqual(['Проверить', 'Второй', 'Первый']);
    // Nothing to change: the same lists.
    expect((await call(t.app, b.member, 'PUT', `/api/checklist/${b.id}/${ids[1]}`, {})).status).toBe(200);

    const deleted = await call(t.app, b.member, 'DELETE', `/api/checklist/${b.id}/${ids[0]}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.checklists.map((list: { position: number }) => list.position)).toEqual([0, 1]);
    expect(await listTitles(taskId)).toEqual(['Второй', 'Первый']);
  });

  it('adds, edits, ticks, assigns, reorders and deletes items; the card counts them', async () => {
    const b = await seedBoard(t.app);
    const { taskId, listId, itemIds } = await seedList(b, ['a', 'b', 'c', 'd']);
    const [a, , c, d] = itemIds as [number, number, number, number];
    expect(await itemTexts(listId)).toEqual(['a', 'b', 'c', 'd']);

    const edited = await call(t.app, b.member, 'PUT', `/api/checklist/item/${b.id}/${c}`, {
      text: '  в  ',
      done: true,
      assigneeId: String(b.creator.id),
      position: 0,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.checklists[0].items[0]).toEqual({
      id: c,
      text: 'в',
      done: true,
      assigneeId: b.creator.id,
      position: 0,
    });
    expect(edited.body.checklist).toEqual({ done: 1, total: 4 });
    expect(await itemTexts(listId)).toEqual(['в', 'a', 'b', 'd']);

    await call(t.app, b.member, 'PUT', `/api/checklist/item/${b.id}/${a}`, { position: 3, done: true });
    expect(await itemTexts(listId)).toEqual(['в', 'b', 'd', 'a']);
    await call(t.app, b.member, 'PUT', `/api/checklist/item/${b.id}/${d}`, { position: 1 });
    expect(await itemTexts(listId)).toEqual(['в', 'd', 'b', 'a']);
    const unassigned = await call(t.app, b.member, 'PUT', `/api/checklist/item/${b.id}/${c}`, {
      assigneeId: null,
    });
    expect(unassigned.body.checklists[0].items[0]).toMatchObject({ id: c, assigneeId: null, done: true });

    const board = await boardDetail(t.app, b.member, b.id);
    expect(board.body.tasks[taskId]?.checklist).toEqual({ done: 2, total: 4 });

    const deleted = await call(t.app, b.member, 'DELETE', `/api/checklist/item/${b.id}/${d}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.checklist).toEqual({ done: 2, total: 3 });
    expect(await itemTexts(listId)).toEqual(['в', 'b', 'a']);

    // A second list counts on the same card; deleting a list takes its items.
    const second = await call(t.app, b.member, 'POST', `/api/checklist/${b.id}/${taskId}`, { title: 'Ещё' });
    const secondId = second.body.checklists[1].id;
    await call(t.app, b.member, 'POST', `/api/checklist/item/${b.id}/${secondId}`, { text: 'e' });
    expect((await boardDetail(t.app, b.member, b.id)).body.tasks[taskId]?.checklist).toEqual({
      done: 2,
      total: 4,
    });
    await call(t.app, b.member, 'DELETE', `/api/checklist/${b.id}/${listId}`);
    expect((await boardDetail(t.app, b.member, b.id)).body.tasks[taskId]?.checklist).toEqual({
      done: 0,
      total: 1,
    });
  });

  it('turns an item into a card in its task’s column, for its assignee, and removes the item', async () => {
    const b = await seedBoard(t.app);
    const taskId = await addTask(t.app, b, b.columns[1]);
    const created = await call(t.app, b.member, 'POST', `/api/checklist/${b.id}/${taskId}`, {
      title: 'Список',
    });
    const listId = created.body.checklists[0].id;
    for (const text of ['первый', 'второй', 'третий'])
      await call(t.app, b.member, 'POST', `/api/checklist/item/${b.id}/${listId}`, { text });
    const [, second, third] = (
      await call<TaskDetail>(t.app, b.member, 'GET', `/api/task/${b.id}/${taskId}`)
    ).body.checklists[0]!.items.map((item) => item.id);
    await call(t.app, b.member, 'PUT', `/api/checklist/item/${b.id}/${second}`, {
      assigneeId: b.creator.id,
      done: true,
    });

    const converted = await call(t.app, b.member, 'POST', `/api/checklist/item/${b.id}/${second}/task`);
    expect(converted).toEqual({
      status: 200,
      body: { id: expect.stringMatching(/^\d+$/), number: expect.any(Number) },
    });
    const newId = converted.body.id as string;
    const board = (await boardDetail(t.app, b.member, b.id)).body;
    // The answer's number is the card's, the one its link carries.
    expect(board.tasks[newId]?.number).toBe(converted.body.number);
    expect(board.tasks[newId]).toMatchObject({
      title: 'второй',
      columnId: b.columns[1],
      assignees: [b.creator.id],
      createdBy: b.member.id,
      checklist: { done: 0, total: 0 },
    });
    expect(board.columns[b.columns[1]!]?.taskIds).toEqual([taskId, newId]);
    expect(board.tasks[taskId]?.checklist).toEqual({ done: 0, total: 2 });
    expect(await itemTexts(listId)).toEqual(['первый', 'третий']);

    // An assignee who left since: the card has no assignee.
    await call(t.app, b.member, 'PUT', `/api/checklist/item/${b.id}/${third}`, { assigneeId: b.member.id });
    await t.db
      .updateTable('board_members')
      .set({ is_deleted: true })
      .where('board_id', '=', b.id)
      .where('user_id', '=', b.member.id)
      .execute();
    const orphan = await call(t.app, b.creator, 'POST', `/api/checklist/item/${b.id}/${third}/task`);
    expect(orphan.status).toBe(200);
    const task = await call(t.app, b.creator, 'GET', `/api/task/${b.id}/${orphan.body.id}`);
    expect(task.body).toMatchObject({ title: 'третий', assignees: [], createdBy: b.creator.id });
    expect(await itemTexts(listId)).toEqual(['первый']);
  });

  it('announces each change as a patch of the task (and for a card, of its column)', async () => {
    const b = await seedBoard(t.app);
    const { taskId, itemIds } = await seedList(b, ['a']);
    const events: unknown[] = [];
    const announce = t.app.realtime.announce.bind(t.app.realtime);
    t.app.realtime.announce = (...args: Parameters<typeof announce>) => {
      events.push(args);
      return announce(...args);
    };
    try {
      await call(t.app, b.member, 'PUT', `/api/checklist/item/${b.id}/${itemIds[0]}`, { done: true });
      const converted = await call(t.app, b.member, 'POST', `/api/checklist/item/${b.id}/${itemIds[0]}/task`);
      const [tick, convert] = events as [
        [number, number, string, { tasks: { id: string; checklist: unknown }[]; columns?: { id: string }[] }],
        [number, number, string, { tasks: { id: string }[]; columns: { id: string; taskIds: string[] }[] }],
      ];
      expect(tick[2]).toBe('tasks');
      expect(tick[3].tasks).toEqual([
        expect.objectContaining({ id: taskId, checklist: { done: 1, total: 1 } }),
      ]);
      expect(tick[3].columns).toBeUndefined();
      expect(convert[3].tasks.map((task) => task.id)).toEqual([taskId, converted.body.id]);
      expect(convert[3].columns).toEqual([
        expect.objectContaining({ id: b.columns[0], taskIds: [taskId, converted.body.id] }),
      ]);
    } finally {
      t.app.realtime.announce = announce;
    }
  });
});

describe('who may change checklists', () => {
  /** Every call, in an order a member can make them all on a list of two items. */
  const calls = (boardId: number, taskId: string, listId: number, [item, other]: number[]) =>
    [
      ['POST', `/api/checklist/${boardId}/${taskId}`, { title: 'Список' }],
      ['PUT', `/api/checklist/${boardId}/${listId}`, { title: 'Список', position: 1 }],
      ['POST', `/api/checklist/item/${boardId}/${listId}`, { text: 'Пункт' }],
      ['PUT', `/api/checklist/item/${boardId}/${item}`, { done: true, assigneeId: null, position: 0 }],
      ['DELETE', `/api/checklist/item/${boardId}/${other ?? item}`, undefined],
      ['POST', `/api/checklist/item/${boardId}/${item}/task`, undefined],
      ['DELETE', `/api/checklist/${boardId}/${listId}`, undefined],
    ] as const;

  it('refuses outsiders, invitees who have not accepted and removed members, changing nothing', async () => {
    const b = await seedBoard(t.app);
    const { taskId, listId, itemIds } = await seedList(b, ['a', 'b']);
    for (const who of [b.outsider, b.pending, b.removed] as Person[]) {
      for (const [method, url, payload] of calls(b.id, taskId, listId, itemIds)) {
        const answer = await refused(t.app, who, method, url, payload);
        expect([who.name, method, url, answer]).toEqual([who.name, method, url, FORBIDDEN]);
      }
    }
    // Before any check of what the ids point to or of the assignee.
    const unknown = await refused(t.app, b.outsider, 'PUT', `/api/checklist/item/${b.id}/999999`, {
      done: true,
    });
    expect(unknown).toEqual(FORBIDDEN);
    const stranger = await refused(t.app, b.outsider, 'PUT', `/api/checklist/item/${b.id}/${itemIds[0]}`, {
      assigneeId: b.outsider.id,
    });
    expect(stranger).toEqual(FORBIDDEN);
  });

  it('lets every member, the creator too, make each call', async () => {
    const b = await seedBoard(t.app);
    for (const who of [b.member, b.creator]) {
      const { taskId, listId, itemIds } = await seedList(b, ['a', 'b']);
      for (const [method, url, payload] of calls(b.id, taskId, listId, itemIds)) {
        const answer = await call(t.app, who, method, url, payload);
        expect([who.name, method, url, answer.status]).toEqual([who.name, method, url, 200]);
      }
      expect(await listTitles(taskId)).toEqual(['Список']);
    }
  });

  it('answers 404 for ids of another board or unknown, changing nothing', async () => {
    const b = await seedBoard(t.app);
    const other = await seedBoard(t.app);
    await seedList(b, ['a']);
    const theirs = await seedList(other, ['x']);
    for (const [method, url, payload] of calls(b.id, theirs.taskId, theirs.listId, theirs.itemIds)) {
      expect([method, url, await refused(t.app, b.member, method, url, payload)]).toEqual([
        method,
        url,
        NOT_FOUND,
      ]);
    }
    for (const [method, url, payload] of calls(b.id, '999999', 999_999, [999_999])) {
      expect([method, url, await refused(t.app, b.member, method, url, payload)]).toEqual([
        method,
        url,
        NOT_FOUND,
      ]);
    }
    // An unknown board.
    const [, put] = calls(999_999, theirs.taskId, theirs.listId, theirs.itemIds);
    expect(await refused(t.app, b.member, put[0], put[1], put[2])).toEqual(NOT_FOUND);
  });
});

describe('bad input', () => {
  it.each([
    ['POST list', 'list', { title: '   ' }, { title: 'Введите название списка' }],
    ['POST list', 'list', {}, { title: 'Введите название списка' }],
    ['POST list', 'list', { title: 5 }, { title: 'Введите название списка' }],
    ['POST list', 'list', { title: 'я'.repeat(501) }, { title: 'Слишком длинное значение' }],
    ['PUT list', 'editList', { title: '' }, { title: 'Введите название списка' }],
    ['PUT list', 'editList', { position: -1 }, { position: 'Некорректная позиция' }],
    ['PUT list', 'editList', { position: 1.5 }, { position: 'Некорректная позиция' }],
    ['POST item', 'item', { text: ' ' }, { text: 'Введите текст пункта' }],
    ['POST item', 'item', { text: MB }, { text: 'Слишком длинное значение' }],
    ['PUT item', 'editItem', { text: '' }, { text: 'Введите текст пункта' }],
    ['PUT item', 'editItem', { done: 'yes' }, { done: 'Некорректное значение' }],
    ['PUT item', 'editItem', { position: '1' }, { position: 'Некорректная позиция' }],
    ['PUT item', 'editItem', { assigneeId: 'кто' }, { assigneeId: 'Исполнитель не участник доски' }],
    [
      'PUT item',
      'editItem',
      { text: '', done: 1, position: -2 },
      { text: 'Введите текст пункта', done: 'Некорректное значение', position: 'Некорректная позиция' },
    ],
  ] as const)('%s %j: 400 %j, nothing changed', async (_name, kind, payload, message) => {
    const b = await seedBoard(t.app);
    const { taskId, listId, itemIds } = await seedList(b, ['a']);
    const url = {
      list: `/api/checklist/${b.id}/${taskId}`,
      editList: `/api/checklist/${b.id}/${listId}`,
      item: `/api/checklist/item/${b.id}/${listId}`,
      editItem: `/api/checklist/item/${b.id}/${itemIds[0]}`,
    }[kind];
    const method = kind === 'list' || kind === 'item' ? 'POST' : 'PUT';
    expect(await refused(t.app, b.member, method, url, payload)).toEqual({ status: 400, body: message });
  });

  it('refuses an assignee who is not an accepted, present member', async () => {
    const b = await seedBoard(t.app);
    const { itemIds } = await seedList(b, ['a']);
    const url = `/api/checklist/item/${b.id}/${itemIds[0]}`;
    for (const who of [b.outsider, b.pending, b.removed]) {
      expect(await refused(t.app, b.member, 'PUT', url, { assigneeId: who.id, done: true })).toEqual({
        status: 400,
        body: { assigneeId: 'Исполнитель не участник доски' },
      });
    }
    for (const id of [999_999, '99999999999999999999']) {
      expect((await refused(t.app, b.member, 'PUT', url, { assigneeId: id })).status).toBe(400);
    }
    expect((await call(t.app, b.member, 'PUT', url, { assigneeId: b.member.id })).status).toBe(200);
  });

  it('refuses malformed path ids', async () => {
    const b = await seedBoard(t.app);
    const before = await boardSnapshot(t.db);
    const res = await call(t.app, b.member, 'PUT', `/api/checklist/item/${b.id}/abc`, { done: true });
    expect(res.status).toBe(400);
    expect((await call(t.app, b.member, 'POST', `/api/checklist/0/1`, { title: 'a' })).status).toBe(400);
    expect(await boardSnapshot(t.db)).toEqual(before);
  });

  it('asks for a token', async () => {
    const b = await seedBoard(t.app);
    const { taskId } = await seedList(b);
    expect((await call(t.app, null, 'POST', `/api/checklist/${b.id}/${taskId}`, { title: 'a' })).status).toBe(
      401,
    );
  });
});
