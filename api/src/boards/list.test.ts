import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { BoardListItem } from 'contract/boards';
import { describe, expect, it } from 'vitest';
import {
  addMember,
  boardDetail,
  boardList,
  call,
  createBoard,
  type Errors,
  MB,
  person,
  useTestApp,
} from '../../test/fixtures.js';
import { buildApp } from '../app.js';

const t = useTestApp();

describe('POST /api/board', () => {
  it('creates a board with the defaults; the creator is its accepted member', async () => {
    const anna = await person(t.app, 'Анна');
    const res = await call<BoardListItem[]>(t.app, anna, 'POST', '/api/board', { name: '  Работа  ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ id: expect.any(Number), name: 'Работа', color: '#f4f5f7', role: 'admin' }]);
    const id = res.body[0]?.id as number;

    const board = await boardDetail(t.app, anna, id);
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
        version: 1,
        wipLimit: null,
        wipStrict: false,
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
    const names = async (query: string) => (await boardList(t.app, user, query)).map((b) => b.name);
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
    expect(await boardList(t.app, guest)).toEqual([
      { id: member, name: 'Общая', color: '#f4f5f7', role: 'member' },
    ]);
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
