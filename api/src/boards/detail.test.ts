import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  addMember,
  boardDetail,
  call,
  createBoard,
  insertTask,
  person,
  useTestApp,
} from '../../test/fixtures.js';

const t = useTestApp();

describe('board detail kept in memory', () => {
  it('is rebuilt after every change, a new filter, or a member renaming themselves', async () => {
    const owner = await person(t.app, 'Анна');
    const boardId = await createBoard(t.app, owner, 'Доска');
    const [column] = await t.db.selectFrom('columns').select('id').where('board_id', '=', boardId).execute();
    await insertTask(t.db, boardId, { columnId: column?.id as number, title: 'Первая', createdBy: owner.id });
    const first = await boardDetail(t.app, owner, boardId);
    expect(Object.keys(first.body.tasks)).toHaveLength(1);
    expect((await boardDetail(t.app, owner, boardId)).body).toEqual(first.body);

    await call(t.app, owner, 'PUT', '/api/auth/edit', { name: 'Анна Петровна', email: owner.email });
    const renamed = (await boardDetail(t.app, owner, boardId)).body;
    expect(renamed.members[0]?.name).toBe('Анна Петровна');
    expect(renamed.version).toBe(first.body.version);

    // A filter is its own answer, whatever the order of its values.
    expect(Object.keys((await boardDetail(t.app, owner, boardId, '?priority=high')).body.tasks)).toEqual([]);
    expect(
      Object.keys((await boardDetail(t.app, owner, boardId, '?priority=low&priority=high')).body.tasks),
    ).toEqual([]);
    expect(
      Object.keys((await boardDetail(t.app, owner, boardId, '?priority=high&priority=low')).body.tasks),
    ).toEqual([]);

    const settings = { name: 'Новая', color: '#ffffff', showIdsMode: 'dot', showTotalColumnEstimation: true };
    await call(t.app, owner, 'PUT', `/api/board/edit/${boardId}`, settings);
    const edited = (await boardDetail(t.app, owner, boardId)).body;
    expect(edited).toMatchObject({ name: 'Новая', showIdsMode: 'dot', version: first.body.version + 1 });
  });
});

describe('GET /api/board/{boardId}', () => {
  it('shows members (pending, removed and invited addresses too), columns, tasks and labels', async () => {
    const owner = await person(t.app, 'Владелец');
    const member = await person(t.app, 'Участник');
    const pending = await person(t.app, 'Ждущий');
    const gone = await person(t.app, 'Ушедший');
    const boardId = await createBoard(t.app, owner, 'Проект');
    await addMember(t.app, owner, boardId, member);
    await addMember(t.app, owner, boardId, gone);
    await call(t.app, gone, 'DELETE', `/api/board/${boardId}/member/${gone.id}`);
    await call(t.app, owner, 'POST', '/api/invite/send', { boardId, email: pending.email });
    await call(t.app, owner, 'POST', '/api/invite/send', { boardId, email: 'Nobody@Example.com' });

    const [todo, doing] = await t.db
      .selectFrom('columns')
      .select('id')
      .where('board_id', '=', boardId)
      .orderBy('position')
      .execute();
    const label = await t.db
      .insertInto('labels')
      .values({ board_id: boardId, title: 'Баг', color: '#ff0000', is_main_color: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    const first = await insertTask(t.db, boardId, {
      columnId: todo?.id as number,
      title: 'Первая',
      createdBy: owner.id,
      description: 'описание',
      estimation: '3',
      priority: 'high',
      assignees: [member.id, owner.id],
      labels: [label.id],
    });
    const second = await insertTask(t.db, boardId, {
      columnId: todo?.id as number,
      title: 'Вторая',
      createdBy: member.id,
    });
    const third = await insertTask(t.db, boardId, {
      columnId: doing?.id as number,
      title: 'Третья',
      createdBy: member.id,
    });
    await t.db
      .insertInto('comments')
      .values([
        { board_id: boardId, task_id: first, user_id: owner.id, text: 'раз' },
        { board_id: boardId, task_id: first, user_id: member.id, text: 'два' },
      ])
      .execute();
    await t.db
      .insertInto('files')
      .values({
        board_id: boardId,
        task_id: first,
        name: 'a.txt',
        storage_key: 'boards/test/counted',
        type: 'text/plain',
        size: 3,
        created_by: owner.id,
      })
      .execute();

    const res = await boardDetail(t.app, member, boardId);
    expect(res.status).toBe(200);
    const board = res.body;
    const invitation = await t.db
      .selectFrom('invitations')
      .select('id')
      .where('board_id', '=', boardId)
      .executeTakeFirstOrThrow();
    expect(board.members).toEqual([
      {
        id: owner.id,
        name: 'Владелец',
        email: owner.email,
        avatar: null,
        accepted: true,
        isDeleted: false,
        role: 'admin',
      },
      {
        id: member.id,
        name: 'Участник',
        email: member.email,
        avatar: null,
        accepted: true,
        isDeleted: false,
        role: 'member',
      },
      {
        id: gone.id,
        name: 'Ушедший',
        email: gone.email,
        avatar: null,
        accepted: true,
        isDeleted: true,
        role: 'member',
      },
      {
        id: pending.id,
        name: 'Ждущий',
        email: pending.email,
        avatar: null,
        accepted: false,
        isDeleted: false,
        role: 'member',
      },
      {
        id: -invitation.id,
        name: '',
        email: 'nobody@example.com',
        avatar: null,
        accepted: false,
        isDeleted: false,
        role: 'member',
      },
    ]);
    expect(board.version).toBe(7); // two invite + accept pairs, a leave, two invitations
    expect(board.columns[String(todo?.id)]?.taskIds).toEqual([String(first), String(second)]);
    expect(board.columns[String(doing?.id)]?.taskIds).toEqual([String(third)]);
    expect(board.labels).toEqual([
      { id: label.id, boardId, title: 'Баг', color: '#ff0000', isMainColor: true, version: 1 },
    ]);
    expect(board.tasks[String(first)]).toEqual({
      id: String(first),
      boardId,
      columnId: String(todo?.id),
      number: 1,
      title: 'Первая',
      hasDescription: true,
      estimation: '3',
      priority: 'high',
      assignees: [owner.id, member.id].sort((a, b) => a - b),
      labels: [label.id],
      commentsCount: 2,
      filesCount: 1,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      createdBy: owner.id,
      version: 1,
      dueAt: null,
      startAt: null,
      dueDone: false,
      checklist: { done: 0, total: 0 },
      coverFileId: null,
    });
    expect(board.tasks[String(second)]).toMatchObject({
      number: 2,
      hasDescription: false,
      estimation: '',
      priority: null,
      assignees: [],
      labels: [],
      commentsCount: 0,
      filesCount: 0,
    });
  });

  it('answers 404 for an unknown board, 403 for a non-member and 400 for a malformed id', async () => {
    const owner = await person(t.app);
    const stranger = await person(t.app);
    const boardId = await createBoard(t.app, owner);
    expect(await boardDetail(t.app, stranger, boardId)).toMatchObject({
      status: 403,
      body: { message: 'Нет доступа' },
    });
    expect(await boardDetail(t.app, owner, 2_000_000_000)).toMatchObject({
      status: 404,
      body: { message: 'Не найдено' },
    });
    expect((await call(t.app, owner, 'GET', '/api/board/abc')).status).toBe(400);
    expect((await call(t.app, owner, 'GET', '/api/board/99999999999')).status).toBe(400);
  });

  it('filters tasks: OR within a key, AND across keys, search over title and description', async () => {
    const owner = await person(t.app);
    const ann = await person(t.app);
    const bob = await person(t.app);
    const boardId = await createBoard(t.app, owner);
    await addMember(t.app, owner, boardId, ann);
    await addMember(t.app, owner, boardId, bob);
    const [column] = await t.db.selectFrom('columns').select('id').where('board_id', '=', boardId).execute();
    const columnId = column?.id as number;
    const [red, blue] = await t.db
      .insertInto('labels')
      .values([
        { board_id: boardId, title: 'red', color: '#ff0000' },
        { board_id: boardId, title: 'blue', color: '#0000ff' },
      ])
      .returning('id')
      .execute();
    const task = (
      title: string,
      extra: Parameters<typeof insertTask>[2] extends infer D ? Partial<D> : never,
    ) => insertTask(t.db, boardId, { columnId, title, createdBy: owner.id, ...extra });
    const ids = {
      a: await task('Починить ВХОД', { assignees: [ann.id], labels: [red?.id as number], priority: 'high' }),
      b: await task('Сделать отчёт', { assignees: [bob.id], labels: [blue?.id as number], priority: 'low' }),
      c: await task('Скидка 50%', { assignees: [ann.id, bob.id], priority: 'high', description: 'под_черк' }),
      d: await task('Прочее', { description: 'ничего про вход' }),
    };
    const names = Object.fromEntries(Object.entries(ids).map(([k, v]) => [String(v), k]));
    const found = async (query: string) => {
      const res = await boardDetail(t.app, owner, boardId, query);
      expect(res.status).toBe(200);
      const inColumn = (res.body.columns[String(columnId)]?.taskIds ?? []).map((id) => names[id]);
      expect(
        Object.keys(res.body.tasks)
          .map((id) => names[id])
          .sort(),
      ).toEqual([...inColumn].sort());
      return inColumn;
    };

    expect(await found('')).toEqual(['a', 'b', 'c', 'd']);
    expect(await found(`?assignee=${ann.id}`)).toEqual(['a', 'c']);
    expect(await found(`?assignee=${ann.id}&assignee=${bob.id}`)).toEqual(['a', 'b', 'c']);
    expect(await found(`?label=${red?.id}&label=${blue?.id}`)).toEqual(['a', 'b']);
    expect(await found('?priority=high')).toEqual(['a', 'c']);
    expect(await found('?priority=high&priority=low')).toEqual(['a', 'b', 'c']);
    expect(await found(`?assignee=${bob.id}&priority=high`)).toEqual(['c']);
    expect(await found(`?assignee=${ann.id}&label=${red?.id}&priority=high`)).toEqual(['a']);
    expect(await found('?search=вход')).toEqual(['a', 'd']);
    expect(await found('?search=ОТЧЁТ&search=прочее')).toEqual(['b', 'd']);
    expect(await found('?search=50%25')).toEqual(['c']);
    expect(await found('?search=%25')).toEqual(['c']);
    expect(await found('?search=_')).toEqual(['c']);
    expect(await found('?search=%20%20')).toEqual(['a', 'b', 'c', 'd']);
    expect(await found(`?search=вход&assignee=${bob.id}`)).toEqual([]);

    const bad = await boardDetail(t.app, owner, boardId, '?priority=urgent');
    expect(bad).toMatchObject({ status: 400, body: { priority: 'Неизвестный приоритет' } });
    expect((await boardDetail(t.app, owner, boardId, '?assignee=me')).status).toBe(400);
  });

  it('names the number of tasks it holds in x-board-tasks, from memory, filtered and overdue alike', async () => {
    const owner = await person(t.app);
    const boardId = await createBoard(t.app, owner);
    const [column] = await t.db.selectFrom('columns').select('id').where('board_id', '=', boardId).execute();
    const columnId = column?.id as number;
    await insertTask(t.db, boardId, { columnId, title: 'Срочно', createdBy: owner.id, priority: 'high' });
    for (const title of ['Вторая', 'Третья'])
      await insertTask(t.db, boardId, { columnId, title, createdBy: owner.id });
    const tasks = async (query = '') => {
      const res = await t.app.inject({
        url: `/api/board/${boardId}${query}`,
        headers: { authorization: `Bearer ${owner.token}`, 'accept-encoding': 'br' },
      });
      expect(res.statusCode).toBe(200);
      return res.headers['x-board-tasks'];
    };
    expect(await tasks()).toBe('3');
    expect(await tasks()).toBe('3'); // the answer kept in memory keeps its header
    expect(await tasks('?priority=high')).toBe('1');
    // 'overdue' is never kept in memory: its answer is built each time.
    expect(await tasks('?due=overdue&tz=UTC')).toBe('0');
  });

  it('compresses the board with gzip or brotli', async () => {
    const owner = await person(t.app);
    const boardId = await createBoard(t.app, owner);
    const [column] = await t.db.selectFrom('columns').select('id').where('board_id', '=', boardId).execute();
    for (let i = 0; i < 20; i += 1) {
      await insertTask(t.db, boardId, {
        columnId: column?.id as number,
        title: `Задача ${i}`,
        createdBy: owner.id,
      });
    }
    const plain = await t.app.inject({
      url: `/api/board/${boardId}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gzip = await t.app.inject({
      url: `/api/board/${boardId}`,
      headers: { authorization: `Bearer ${owner.token}`, 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
    const br = await t.app.inject({
      url: `/api/board/${boardId}`,
      headers: { authorization: `Bearer ${owner.token}`, 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });
});
