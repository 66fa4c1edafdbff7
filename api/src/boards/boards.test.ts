import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  boardSnapshot,
  call,
  createBoard,
  createTestApp,
  insertTask,
  type Person,
  person,
  type TestApp,
} from '../../test/fixtures.js';
import { buildApp } from '../app.js';
import type { Board, BoardListItem } from './schemas.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const MB = 'x'.repeat(1024 * 1024);
type Errors = Record<string, string>;

const list = async (who: Person, query = '') =>
  (await call<BoardListItem[]>(t.app, who, 'GET', `/api/board${query}`)).body;
const detail = async (who: Person, boardId: number, query = '') =>
  call<Board>(t.app, who, 'GET', `/api/board/${boardId}${query}`);

describe('POST /api/board', () => {
  it('creates a board with the defaults; the creator is its accepted member', async () => {
    const anna = await person(t.app, 'Анна');
    const res = await call<BoardListItem[]>(t.app, anna, 'POST', '/api/board', { name: '  Работа  ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ id: expect.any(Number), name: 'Работа', color: '#f4f5f7' }]);
    const id = res.body[0]?.id as number;

    const board = await detail(anna, id);
    expect(board.status).toBe(200);
    expect(board.body).toMatchObject({
      id,
      name: 'Работа',
      color: '#f4f5f7',
      showIdsMode: 'empty',
      showTotalColumnEstimation: false,
      createdBy: anna.id,
      version: 0,
      labels: [],
      tasks: {},
      members: [
        { id: anna.id, name: 'Анна', email: anna.email, avatar: null, accepted: true, isDeleted: false },
      ],
    });
    expect(board.body.columnOrder.map((c) => board.body.columns[c]?.name)).toEqual([
      'Нужно сделать',
      'В работе',
      'Готово',
    ]);
    for (const columnId of board.body.columnOrder) {
      expect(board.body.columns[columnId]).toEqual({
        id: columnId,
        boardId: id,
        name: expect.any(String),
        taskIds: [],
      });
    }
    expect(board.body.priorities).toEqual([
      { value: 'low', label: 'Низкий', color: '#2e7d32' },
      { value: 'medium', label: 'Средний', color: '#f9a825' },
      { value: 'high', label: 'Высокий', color: '#ef6c00' },
      { value: 'critical', label: 'Критический', color: '#c62828' },
    ]);
  });

  it('takes a colour and answers the list in the requested order', async () => {
    const boris = await person(t.app);
    await call(t.app, boris, 'POST', '/api/board', { name: 'Яблоко' });
    const res = await call<BoardListItem[]>(t.app, boris, 'POST', '/api/board', {
      name: 'арбуз',
      color: '#A1B2C3',
      sort: 'byNameASC',
    });
    expect(res.body.map((b) => [b.name, b.color])).toEqual([
      ['арбуз', '#a1b2c3'],
      ['Яблоко', '#f4f5f7'],
    ]);
  });

  it.each([
    ['missing name', {}, { name: 'Введите название доски' }],
    ['empty name', { name: '' }, { name: 'Введите название доски' }],
    ['blank name', { name: '    ' }, { name: 'Введите название доски' }],
    ['name not a string', { name: 5 }, { name: 'Введите название доски' }],
    ['1 MB name', { name: MB }, { name: 'Слишком длинное значение' }],
    ['101 characters', { name: 'я'.repeat(101) }, { name: 'Слишком длинное значение' }],
    ['bad colour', { name: 'Доска', color: 'red' }, { color: 'Некорректный цвет' }],
    ['short colour', { name: 'Доска', color: '#fff' }, { color: 'Некорректный цвет' }],
    ['1 MB colour', { name: 'Доска', color: `#${MB}` }, { color: 'Некорректный цвет' }],
    ['unknown sort', { name: 'Доска', sort: 'byDate' }, { sort: 'Неизвестный порядок сортировки' }],
  ])('refuses %s and creates nothing', async (_case, payload, errors) => {
    const user = await person(t.app);
    const res = await call<Errors>(t.app, user, 'POST', '/api/board', payload);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errors);
    expect(await t.db.selectFrom('boards').select('id').where('created_by', '=', user.id).execute()).toEqual(
      [],
    );
  });

  it('needs a token', async () => {
    const res = await call(t.app, null, 'POST', '/api/board', { name: 'Доска' });
    expect(res.status).toBe(401);
  });
});

describe('GET /api/board', () => {
  it('lists accepted memberships in creation order or by name, both ways', async () => {
    const user = await person(t.app);
    for (const name of ['ёжик', 'Банан', 'апельсин', 'Zebra', 'ель', 'Жук'])
      await createBoard(t.app, user, name);
    const names = async (query: string) => (await list(user, query)).map((b) => b.name);
    expect(await names('')).toEqual(['ёжик', 'Банан', 'апельсин', 'Zebra', 'ель', 'Жук']);
    expect(await names('?sort=default')).toEqual(['ёжик', 'Банан', 'апельсин', 'Zebra', 'ель', 'Жук']);
    expect(await names('?sort=byNameASC')).toEqual(['Zebra', 'апельсин', 'Банан', 'ёжик', 'ель', 'Жук']);
    expect(await names('?sort=byNameDESC')).toEqual(['Жук', 'ель', 'ёжик', 'Банан', 'апельсин', 'Zebra']);
    const bad = await call<Errors>(t.app, user, 'GET', '/api/board?sort=sideways');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ sort: 'Неизвестный порядок сортировки' });
  });

  it('leaves out boards the user is only invited to or was removed from', async () => {
    const owner = await person(t.app);
    const guest = await person(t.app);
    const invited = await createBoard(t.app, owner, 'Приглашение');
    const removed = await createBoard(t.app, owner, 'Бывшая');
    const member = await createBoard(t.app, owner, 'Общая');
    await call(t.app, owner, 'POST', '/api/invite/send', { boardId: invited, email: guest.email });
    await addMember(t.app, owner, removed, guest);
    await addMember(t.app, owner, member, guest);
    await call(t.app, owner, 'DELETE', `/api/board/${removed}/member/${guest.id}`);
    expect(await list(guest)).toEqual([{ id: member, name: 'Общая', color: '#f4f5f7' }]);
  });
});

describe('lists kept in memory', () => {
  it('reflect every change at once, also when another instance made it', async () => {
    const other = buildApp(t.config);
    await other.ready();
    try {
      const owner = await person(t.app);
      const guest = await person(t.app);
      const shared = await createBoard(t.app, owner, 'Старое имя');
      const pending = await createBoard(t.app, owner, 'Приглашение');
      await addMember(t.app, owner, shared, guest);
      await call(t.app, owner, 'POST', '/api/invite/send', { boardId: pending, email: guest.email });
      const lists = async (app: typeof other) => ({
        boards: (await call<BoardListItem[]>(app, guest, 'GET', '/api/board?sort=byNameASC')).body.map(
          (b) => b.name,
        ),
        invites: (await call<{ board: { name: string } }[]>(app, guest, 'GET', '/api/invite')).body.map(
          (i) => i.board.name,
        ),
      });
      // Both instances have read (and kept) the lists.
      expect(await lists(t.app)).toEqual({ boards: ['Старое имя'], invites: ['Приглашение'] });
      expect(await lists(other)).toEqual({ boards: ['Старое имя'], invites: ['Приглашение'] });

      const settings = { color: '#000000', showIdsMode: 'empty', showTotalColumnEstimation: false };
      await call(other, owner, 'PUT', `/api/board/edit/${shared}`, { name: 'Новое имя', ...settings });
      await call(other, owner, 'PUT', `/api/board/edit/${pending}`, {
        name: 'Другое приглашение',
        ...settings,
      });
      expect(await lists(t.app)).toEqual({ boards: ['Новое имя'], invites: ['Другое приглашение'] });

      await call(other, guest, 'DELETE', `/api/board/${shared}/member/${guest.id}`);
      expect(await lists(t.app)).toEqual({ boards: [], invites: ['Другое приглашение'] });
      await call(other, owner, 'DELETE', `/api/board/${pending}`);
      expect(await lists(t.app)).toEqual({ boards: [], invites: [] });
    } finally {
      await other.close();
    }
  });
});

describe('board detail kept in memory', () => {
  it('is rebuilt after every change, a new filter, or a member renaming themselves', async () => {
    const owner = await person(t.app, 'Анна');
    const boardId = await createBoard(t.app, owner, 'Доска');
    const [column] = await t.db.selectFrom('columns').select('id').where('board_id', '=', boardId).execute();
    await insertTask(t.db, boardId, { columnId: column?.id as number, title: 'Первая', createdBy: owner.id });
    const first = await detail(owner, boardId);
    expect(Object.keys(first.body.tasks)).toHaveLength(1);
    expect((await detail(owner, boardId)).body).toEqual(first.body);

    await call(t.app, owner, 'PUT', '/api/auth/edit', { name: 'Анна Петровна', email: owner.email });
    const renamed = (await detail(owner, boardId)).body;
    expect(renamed.members[0]?.name).toBe('Анна Петровна');
    expect(renamed.version).toBe(first.body.version);

    // A filter is its own answer, whatever the order of its values.
    expect(Object.keys((await detail(owner, boardId, '?priority=high')).body.tasks)).toEqual([]);
    expect(Object.keys((await detail(owner, boardId, '?priority=low&priority=high')).body.tasks)).toEqual([]);
    expect(Object.keys((await detail(owner, boardId, '?priority=high&priority=low')).body.tasks)).toEqual([]);

    const settings = { name: 'Новая', color: '#ffffff', showIdsMode: 'dot', showTotalColumnEstimation: true };
    await call(t.app, owner, 'PUT', `/api/board/edit/${boardId}`, settings);
    const edited = (await detail(owner, boardId)).body;
    expect(edited).toMatchObject({ name: 'Новая', showIdsMode: 'dot', version: first.body.version + 1 });
  });
});

describe('lists kept in memory, compressed', () => {
  it('answers a long list in brotli or gzip as accepted, and small ones as they are', async () => {
    const user = await person(t.app);
    for (let i = 0; i < 40; i += 1) await createBoard(t.app, user, `Доска номер ${i}`);
    const get = (encoding?: string) =>
      t.app.inject({
        url: '/api/board?sort=byNameDESC',
        headers: { authorization: `Bearer ${user.token}`, ...(encoding && { 'accept-encoding': encoding }) },
      });
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.json()).toHaveLength(40);
    for (let round = 0; round < 2; round += 1) {
      const br = await get('gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
      const gz = await get('gzip;q=1, br;q=0');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
    const small = await t.app.inject({
      url: '/api/invite',
      headers: { authorization: `Bearer ${user.token}`, 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual([]);
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

    const res = await detail(member, boardId);
    expect(res.status).toBe(200);
    const board = res.body;
    const invitation = await t.db
      .selectFrom('invitations')
      .select('id')
      .where('board_id', '=', boardId)
      .executeTakeFirstOrThrow();
    expect(board.members).toEqual([
      { id: owner.id, name: 'Владелец', email: owner.email, avatar: null, accepted: true, isDeleted: false },
      {
        id: member.id,
        name: 'Участник',
        email: member.email,
        avatar: null,
        accepted: true,
        isDeleted: false,
      },
      { id: gone.id, name: 'Ушедший', email: gone.email, avatar: null, accepted: true, isDeleted: true },
      {
        id: pending.id,
        name: 'Ждущий',
        email: pending.email,
        avatar: null,
        accepted: false,
        isDeleted: false,
      },
      {
        id: -invitation.id,
        name: '',
        email: 'nobody@example.com',
        avatar: null,
        accepted: false,
        isDeleted: false,
      },
    ]);
    expect(board.version).toBe(7); // two invite + accept pairs, a leave, two invitations
    expect(board.columns[String(todo?.id)]?.taskIds).toEqual([String(first), String(second)]);
    expect(board.columns[String(doing?.id)]?.taskIds).toEqual([String(third)]);
    expect(board.labels).toEqual([
      { id: label.id, boardId, title: 'Баг', color: '#ff0000', isMainColor: true },
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
    expect(await detail(stranger, boardId)).toMatchObject({ status: 403, body: { message: 'Нет доступа' } });
    expect(await detail(owner, 2_000_000_000)).toMatchObject({
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
      const res = await detail(owner, boardId, query);
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

    const bad = await detail(owner, boardId, '?priority=urgent');
    expect(bad).toMatchObject({ status: 400, body: { priority: 'Неизвестный приоритет' } });
    expect((await detail(owner, boardId, '?assignee=me')).status).toBe(400);
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

describe('PUT /api/board/edit/{boardId}', () => {
  const valid = {
    name: 'Новое имя',
    color: '#112233',
    showIdsMode: 'square',
    showTotalColumnEstimation: true,
  };

  it('lets the creator change the settings and bumps the version', async () => {
    const owner = await person(t.app);
    const boardId = await createBoard(t.app, owner);
    const res = await call<BoardListItem[]>(t.app, owner, 'PUT', `/api/board/edit/${boardId}`, {
      ...valid,
      name: '  Новое имя ',
      color: '#AABBCC',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ id: boardId, name: 'Новое имя', color: '#aabbcc' }]);
    const board = (await detail(owner, boardId)).body;
    expect(board).toMatchObject({ showIdsMode: 'square', showTotalColumnEstimation: true, version: 1 });
  });

  it.each([
    ['empty name', { name: ' ' }, { name: 'Введите название доски' }],
    ['1 MB name', { name: MB }, { name: 'Слишком длинное значение' }],
    ['bad colour', { color: '#12345g' }, { color: 'Некорректный цвет' }],
    ['missing colour', { color: undefined }, { color: 'Некорректный цвет' }],
    ['unknown showIdsMode', { showIdsMode: 'hexagon' }, { showIdsMode: 'Неизвестный способ показа номера' }],
    [
      'showTotalColumnEstimation not boolean',
      { showTotalColumnEstimation: 'yes' },
      { showTotalColumnEstimation: 'Некорректное значение' },
    ],
  ])('refuses %s and changes nothing', async (_case, change, errors) => {
    const owner = await person(t.app);
    const boardId = await createBoard(t.app, owner);
    const before = await boardSnapshot(t.db, boardId);
    const res = await call<Errors>(t.app, owner, 'PUT', `/api/board/edit/${boardId}`, {
      ...valid,
      ...change,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errors);
    expect(await boardSnapshot(t.db, boardId)).toEqual(before);
  });

  it('reports every bad field at once', async () => {
    const owner = await person(t.app);
    const boardId = await createBoard(t.app, owner);
    const res = await call<Errors>(t.app, owner, 'PUT', `/api/board/edit/${boardId}`, {
      name: '',
      color: 'blue',
      showIdsMode: 1,
    });
    expect(res.body).toEqual({
      name: 'Введите название доски',
      color: 'Некорректный цвет',
      showIdsMode: 'Неизвестный способ показа номера',
      showTotalColumnEstimation: 'Некорректное значение',
    });
  });

  it('answers 404 for an unknown board', async () => {
    const owner = await person(t.app);
    const res = await call(t.app, owner, 'PUT', '/api/board/edit/2000000000', valid);
    expect(res).toMatchObject({ status: 404, body: { message: 'Не найдено' } });
  });
});

describe('DELETE /api/board/{boardId}', () => {
  it('deletes the board and everything on it, and answers the remaining list', async () => {
    const owner = await person(t.app);
    const member = await person(t.app);
    const keep = await createBoard(t.app, owner, 'Остаётся');
    const boardId = await createBoard(t.app, owner, 'Удаляется');
    await addMember(t.app, owner, boardId, member);
    await call(t.app, owner, 'POST', '/api/invite/send', { boardId, email: 'later@example.com' });
    const [column] = await t.db.selectFrom('columns').select('id').where('board_id', '=', boardId).execute();
    const label = await t.db
      .insertInto('labels')
      .values({ board_id: boardId, title: 'метка' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const taskId = await insertTask(t.db, boardId, {
      columnId: column?.id as number,
      title: 'Задача',
      createdBy: owner.id,
      assignees: [member.id],
      labels: [label.id],
    });
    await t.db
      .insertInto('comments')
      .values({ board_id: boardId, task_id: taskId, user_id: member.id, text: 'x' })
      .execute();
    await t.db
      .insertInto('files')
      .values({
        board_id: boardId,
        task_id: taskId,
        name: 'f',
        storage_key: 'boards/test/cascaded',
        type: 't',
        size: 1,
        created_by: owner.id,
      })
      .execute();
    const keepRows = await boardSnapshot(t.db, keep);

    const res = await call<BoardListItem[]>(t.app, owner, 'DELETE', `/api/board/${boardId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ id: keep, name: 'Остаётся', color: '#f4f5f7' }]);

    const count = async (
      table:
        | 'boards'
        | 'board_members'
        | 'invitations'
        | 'columns'
        | 'tasks'
        | 'labels'
        | 'comments'
        | 'files',
    ) =>
      (
        await t.db
          .selectFrom(table)
          .select('board_id' as never)
          .where('board_id' as never, '=', boardId as never)
          .execute()
      ).length;
    for (const table of [
      'board_members',
      'invitations',
      'columns',
      'tasks',
      'labels',
      'comments',
      'files',
    ] as const) {
      expect(await count(table), table).toBe(0);
    }
    expect(await t.db.selectFrom('boards').select('id').where('id', '=', boardId).execute()).toEqual([]);
    expect(
      await t.db.selectFrom('task_assignees').select('user_id').where('task_id', '=', taskId).execute(),
    ).toEqual([]);
    expect(
      await t.db.selectFrom('task_labels').select('label_id').where('task_id', '=', taskId).execute(),
    ).toEqual([]);
    expect(await boardSnapshot(t.db, keep)).toEqual(keepRows);
    expect(await list(member)).toEqual([]);
    expect(await detail(owner, boardId)).toMatchObject({ status: 404 });
  });
});
