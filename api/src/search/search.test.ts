import { MARK_END, MARK_START, MESSAGES, type SearchHit, type SearchResults } from 'contract/search';
import { describe, expect, it } from 'vitest';
import {
  type Answer,
  addTask,
  call,
  editBody,
  FORBIDDEN,
  NOT_FOUND,
  type Person,
  seedBoard,
  type TestBoard,
  useTestApp,
} from '../../test/fixtures.js';
import { TOO_LONG } from '../validation.js';

const t = useTestApp();

const marked = (word: string) => `${MARK_START}${word}${MARK_END}`;

function find(who: Person | null, query: Record<string, string | number>): Promise<Answer<SearchResults>> {
  const params = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  return call<SearchResults>(t.app, who, 'GET', `/api/search?${params}`);
}

/** The hits of a search that must succeed. */
async function hits(
  who: Person,
  q: string,
  extra: Record<string, string | number> = {},
): Promise<SearchHit[]> {
  const res = await find(who, { q, ...extra });
  expect(res.status).toBe(200);
  return res.body.items;
}

const taskIds = (items: SearchHit[]) => items.filter((hit) => hit.kind === 'task').map((hit) => hit.taskId);

async function comment(b: TestBoard, taskId: string, text: string): Promise<number> {
  const res = await call(t.app, b.member, 'POST', '/api/comment/create', { boardId: b.id, taskId, text });
  expect(res.status).toBe(200);
  return res.body.id;
}

/** A task with a description (the create call takes none). */
async function addDescribed(b: TestBoard, title: string, description: string): Promise<string> {
  const taskId = await addTask(t.app, b, b.columns[0], { title });
  const res = await call(
    t.app,
    b.member,
    'PUT',
    '/api/task/edit',
    await editBody(t.app, b, taskId, { description }),
  );
  expect(res.status).toBe(200);
  return taskId;
}

async function checklistItem(b: TestBoard, taskId: string, text: string): Promise<void> {
  const list = await call(t.app, b.member, 'POST', `/api/checklist/${b.id}/${taskId}`, { title: 'Шаги' });
  expect(list.status).toBe(200);
  const checklistId = list.body.checklists[0].id;
  const item = await call(t.app, b.member, 'POST', `/api/checklist/item/${b.id}/${checklistId}`, { text });
  expect(item.status).toBe(200);
}

describe('GET /api/search', () => {
  it("finds Russian word forms, with 'е' for 'ё', and marks the match", async () => {
    const b = await seedBoard(t.app);
    const task = await addTask(t.app, b, b.columns[1], { title: 'Задача про квартальный отчёт' });

    const [hit, ...rest] = await hits(b.member, 'задачи');
    expect(rest).toEqual([]);
    expect(hit).toEqual({
      kind: 'task',
      boardId: b.id,
      boardName: 'Доска',
      taskId: task,
      taskNumber: 1,
      columnId: b.columns[1],
      columnName: 'В работе',
      title: 'Задача про квартальный отчёт',
      fragment: `${marked('Задача')} про квартальный отчёт`,
      archived: false,
    });
    // Typed without 'ё': found, and the fragment shows the text as written.
    const [plain] = await hits(b.member, 'отчета');
    expect(plain?.fragment).toBe(`Задача про квартальный ${marked('отчёт')}`);
  });

  it('follows edits: a changed title is found by its new words only', async () => {
    const b = await seedBoard(t.app);
    const task = await addTask(t.app, b, b.columns[0], { title: 'Купить краску' });
    const edit = await call(
      t.app,
      b.member,
      'PUT',
      '/api/task/edit',
      await editBody(t.app, b, task, { title: 'Покрасить забор' }),
    );
    expect(edit.status).toBe(200);
    expect(await hits(b.member, 'краска')).toEqual([]);
    expect(taskIds(await hits(b.member, 'забором'))).toEqual([task]);
  });

  it('finds English word forms, in the description too', async () => {
    const b = await seedBoard(t.app);
    const titled = await addTask(t.app, b, b.columns[0], { title: 'Quarterly report' });
    const described = await addDescribed(
      b,
      'Финансы',
      'Collect the numbers. Then the board reviews all reporting and the sales reports.',
    );
    const found = await hits(b.member, 'reports');
    // The title weighs more than the description.
    expect(taskIds(found)).toEqual([titled, described]);
    expect(found[0]?.fragment).toBe(`Quarterly ${marked('report')}`);
    // A description hit shows the description around the match.
    expect(found[1]?.title).toBe('Финансы');
    expect(found[1]?.fragment).toContain(marked('reports'));
    expect(found[1]?.fragment).not.toContain('Финансы');
  });

  it('finds a title, a checklist item and a board name with a typo', async () => {
    const b = await seedBoard(t.app);
    await t.db.updateTable('boards').set({ name: 'Маркетинг весной' }).where('id', '=', b.id).execute();
    const task = await addTask(t.app, b, b.columns[0], { title: 'Задача про отчёт' });
    const other = await addTask(t.app, b, b.columns[0], { title: 'Купить молоко' });
    await checklistItem(b, other, 'Позвонить поставщику');

    const [typo] = await hits(b.member, 'задча');
    expect(typo).toMatchObject({ kind: 'task', taskId: task, fragment: `${marked('Задача')} про отчёт` });
    expect(await hits(b.member, 'отчт')).toMatchObject([{ kind: 'task', taskId: task }]);
    expect(await hits(b.member, 'поставщку')).toMatchObject([
      {
        kind: 'checklistItem',
        taskId: other,
        title: 'Купить молоко',
        fragment: `Позвонить ${marked('поставщику')}`,
      },
    ]);
    expect(await hits(b.member, 'маркетнг')).toEqual([
      {
        kind: 'board',
        boardId: b.id,
        boardName: 'Маркетинг весной',
        title: 'Маркетинг весной',
        fragment: `${marked('Маркетинг')} весной`,
        archived: false,
      },
    ]);
  });

  it('matches a quoted phrase only as that phrase', async () => {
    const b = await seedBoard(t.app);
    const phrase = await addTask(t.app, b, b.columns[0], { title: 'Квартальный отчёт готов' });
    const apart = await addTask(t.app, b, b.columns[0], { title: 'Отчёт не квартальный' });
    expect(new Set(taskIds(await hits(b.member, 'квартальный отчёт')))).toEqual(new Set([phrase, apart]));
    const quoted = await hits(b.member, '"квартальный отчёт"');
    expect(taskIds(quoted)).toEqual([phrase]);
    expect(quoted[0]?.fragment).toBe(`${marked('Квартальный')} ${marked('отчёт')} готов`);
    // Other word forms of the phrase still match it; an excluded word excludes.
    expect(taskIds(await hits(b.member, '"квартального отчёта"'))).toEqual([phrase]);
    expect(taskIds(await hits(b.member, 'отчёт -готов'))).toEqual([apart]);
  });

  it('finds comments and checklist items with their task and column', async () => {
    const b = await seedBoard(t.app);
    const task = await addTask(t.app, b, b.columns[2], { title: 'Финансы' });
    await comment(b, task, 'Не забыть согласовать бюджет с директором');
    await checklistItem(b, task, 'Собрать бюджеты отделов');
    const found = await hits(b.member, 'бюджета');
    expect(found).toHaveLength(2);
    const byKind = Object.fromEntries(found.map((hit) => [hit.kind, hit]));
    expect(byKind.comment).toEqual({
      kind: 'comment',
      boardId: b.id,
      boardName: 'Доска',
      taskId: task,
      taskNumber: 1,
      columnId: b.columns[2],
      columnName: 'Готово',
      title: 'Финансы',
      fragment: `Не забыть согласовать ${marked('бюджет')} с директором`,
      archived: false,
    });
    expect(byKind.checklistItem).toMatchObject({
      taskId: task,
      taskNumber: 1,
      columnId: b.columns[2],
      columnName: 'Готово',
      title: 'Финансы',
      fragment: `Собрать ${marked('бюджеты')} отделов`,
    });
  });

  it("shows only the caller's boards, and a board named by `boardId` only to its members", async () => {
    const mine = await seedBoard(t.app);
    const theirs = await seedBoard(t.app);
    await t.db.updateTable('boards').set({ name: 'Секретный проект' }).where('id', '=', theirs.id).execute();
    await addTask(t.app, theirs, theirs.columns[0], { title: 'Секретный план' });
    const own = await addTask(t.app, mine, mine.columns[0], { title: 'Открытый план' });

    expect(await hits(mine.member, 'секретный')).toEqual([]);
    expect(taskIds(await hits(mine.member, 'план'))).toEqual([own]);
    // Invited but not accepted, removed, never a member: nothing of the board.
    for (const who of [theirs.pending, theirs.removed, theirs.outsider]) {
      expect(await hits(who, 'секретный')).toEqual([]);
    }
    // Named: refused before anything else is read, whatever else the call says.
    expect(await find(mine.member, { q: 'секретный', boardId: theirs.id })).toEqual(FORBIDDEN);
    expect(await find(theirs.removed, { q: 'секретный', boardId: theirs.id })).toEqual(FORBIDDEN);
    expect(await find(mine.member, { q: ' ', limit: 0, boardId: theirs.id })).toEqual(FORBIDDEN);
    expect(await find(mine.member, { q: 'план', boardId: 999_999 })).toEqual(NOT_FOUND);
    // A member may narrow the search to one of their boards.
    expect((await hits(theirs.member, 'план', { boardId: theirs.id })).length).toBe(1);
    await t.db
      .insertInto('board_members')
      .values({ board_id: theirs.id, user_id: mine.member.id, accepted: true })
      .execute();
    expect(taskIds(await hits(mine.member, 'план', { boardId: mine.id }))).toEqual([own]);
    expect((await hits(mine.member, 'план')).length).toBe(2);
  });

  it('never shows a trashed task, its comments and items, a trashed comment or a deleted board', async () => {
    const b = await seedBoard(t.app);
    const task = await addTask(t.app, b, b.columns[0], { title: 'Ремонт крыши' });
    await comment(b, task, 'Ремонт начнём в мае');
    await checklistItem(b, task, 'Ремонт водостока');
    const kept = await addTask(t.app, b, b.columns[0], { title: 'Другое' });
    const dropped = await comment(b, kept, 'Ремонт отложили');
    expect(await hits(b.member, 'ремонт')).toHaveLength(4);

    expect((await call(t.app, b.member, 'DELETE', `/api/task/delete/${b.id}/${task}`)).status).toBe(200);
    expect((await call(t.app, b.member, 'DELETE', `/api/comment/delete/${b.id}/${dropped}`)).status).toBe(
      200,
    );
    expect(await hits(b.member, 'ремонт')).toEqual([]);

    // Back from the trash, with its comment and item, and findable again.
    const restore = await call(t.app, b.member, 'POST', `/api/trash/${b.id}/restore`, {
      kind: 'task',
      id: task,
    });
    expect(restore.status).toBe(200);
    expect(await hits(b.member, 'ремонт')).toHaveLength(3);
    expect((await call(t.app, b.member, 'DELETE', `/api/task/delete/${b.id}/${task}`)).status).toBe(200);

    await addTask(t.app, b, b.columns[0], { title: 'Ремонт окон' });
    expect(await hits(b.member, 'ремонт')).toHaveLength(1);
    expect((await call(t.app, b.creator, 'DELETE', `/api/board/${b.id}`)).status).toBe(200);
    expect(await hits(b.member, 'ремонт')).toEqual([]);
  });

  it('marks archived tasks (and their comments) and lists them after live ones', async () => {
    const b = await seedBoard(t.app);
    const archived = await addTask(t.app, b, b.columns[0], { title: 'Склад' });
    await comment(b, archived, 'Склад переехал');
    const live = await addDescribed(b, 'Разное', 'Когда-нибудь разобрать склад');
    const inColumn = await addTask(t.app, b, b.columns[1], { title: 'Склад и склады' });
    const archive = await call(t.app, b.member, 'PUT', '/api/task/archive', {
      boardId: b.id,
      taskId: archived,
      archived: true,
    });
    expect(archive.status).toBe(200);
    const column = await call(t.app, b.creator, 'PUT', '/api/column/archive', {
      boardId: b.id,
      columnId: b.columns[1],
      archived: true,
    });
    expect(column.status).toBe(200);

    const found = await hits(b.member, 'склад');
    // The live task first, though its match (in the description) ranks below the archived titles.
    expect(found[0]).toMatchObject({ kind: 'task', taskId: live, archived: false });
    const rest = found.slice(1).map((hit) => `${hit.kind} ${hit.taskId} ${hit.archived}`);
    expect(rest.sort()).toEqual(
      [`task ${archived} true`, `task ${inColumn} true`, `comment ${archived} true`].sort(),
    );
  });

  it('pages by cursor: every hit once, in order', async () => {
    const b = await seedBoard(t.app);
    const ids = new Set<string>();
    for (let index = 0; index < 7; index += 1) {
      // Different scores (more mentions rank higher), and equal ones.
      ids.add(await addDescribed(b, `Логистика ${index}`, 'логистика '.repeat(index % 4)));
    }
    const all = await hits(b.member, 'логистика');
    expect(all).toHaveLength(7);

    const seen: SearchHit[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 3; page += 1) {
      const res = await find(b.member, { q: 'логистика', limit: 3, ...(cursor && { cursor }) });
      expect(res.status).toBe(200);
      seen.push(...res.body.items);
      cursor = res.body.next;
      expect(res.body.items).toHaveLength(page < 2 ? 3 : 1);
      expect(cursor === undefined).toBe(page === 2);
    }
    expect(seen).toEqual(all);
    expect(new Set(taskIds(seen))).toEqual(ids);
  });

  it('answers field-keyed 400s for bad input and 401 without a token', async () => {
    const b = await seedBoard(t.app);
    const bad = async (query: Record<string, string | number>, field: string, message: string) =>
      expect(await find(b.member, query)).toEqual({ status: 400, body: { [field]: message } });
    await bad({}, 'q', MESSAGES.q);
    await bad({ q: '' }, 'q', MESSAGES.q);
    await bad({ q: '   ' }, 'q', MESSAGES.q);
    await bad({ q: 'я'.repeat(201) }, 'q', TOO_LONG);
    for (const limit of ['0', '51', 'abc', '1.5', '-1'])
      await bad({ q: 'план', limit }, 'limit', MESSAGES.limit);
    const garbage = Buffer.from('[1,"x",0,1]').toString('base64url');
    for (const cursor of ['не курсор', 'abc', garbage, 'W10'])
      await bad({ q: 'план', cursor }, 'cursor', MESSAGES.cursor);
    expect((await find(null, { q: 'план' })).status).toBe(401);
    // Only stop words or signs: nothing to find, not an error.
    expect(await hits(b.member, 'и на')).toEqual([]);
    expect(await hits(b.member, '!!!')).toEqual([]);
  });
});
