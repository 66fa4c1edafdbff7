import { describe, expect, it } from 'vitest';
import {
  boardVersion,
  call,
  MB,
  NOT_FOUND,
  type Person,
  refused,
  seedBoard,
  useTestApp,
} from '../../test/fixtures.js';

const t = useTestApp();

describe('POST /api/label', () => {
  it('creates a label, #123456 unless a colour is given', async () => {
    const b = await seedBoard(t.app);
    const plain = await call(t.app, b.member, 'POST', `/api/label/${b.id}`, { title: '  Срочно ' });
    expect(plain).toEqual({
      status: 200,
      body: {
        id: expect.any(Number),
        boardId: b.id,
        title: 'Срочно',
        color: '#123456',
        isMainColor: false,
        version: 1,
      },
    });
    const coloured = await call(t.app, b.creator, 'POST', `/api/label/${b.id}`, {
      title: 'Баг',
      color: '#FF0000',
    });
    expect(coloured.body).toMatchObject({ title: 'Баг', color: '#ff0000' });
    expect(await boardVersion(t.db, b.id)).toBe(2);
  });

  it.each([
    ['blank title', { title: '  ' }, { title: 'Введите название метки' }],
    ['missing title', { title: undefined }, { title: 'Введите название метки' }],
    ['1 MB title', { title: MB }, { title: 'Слишком длинное значение' }],
    ['bad colour', { color: 'red' }, { color: 'Некорректный цвет' }],
    ['short colour', { color: '#fff' }, { color: 'Некорректный цвет' }],
  ])('refuses a %s', async (_case, change, message) => {
    const b = await seedBoard(t.app);
    const res = await refused(t.app, b.member, 'POST', `/api/label/${b.id}`, { title: 'Метка', ...change });
    expect(res).toEqual({ status: 400, body: message });
  });

  it('answers 404 for an unknown board', async () => {
    const b = await seedBoard(t.app);
    expect(await refused(t.app, b.member, 'POST', '/api/label/999999', { title: 'Метка' })).toEqual(
      NOT_FOUND,
    );
  });
});

describe('PUT /api/label', () => {
  it('edits title, colour and the main-colour flag', async () => {
    const b = await seedBoard(t.app);
    const { body: label } = await call(t.app, b.member, 'POST', `/api/label/${b.id}`, { title: 'Метка' });
    const res = await call(t.app, b.member, 'PUT', `/api/label/${b.id}/${label.id}`, {
      title: 'Важно',
      color: '#00AA00',
      isMainColor: true,
    });
    expect(res).toEqual({
      status: 200,
      body: { id: label.id, boardId: b.id, title: 'Важно', color: '#00aa00', isMainColor: true, version: 2 },
    });
  });

  it('refuses bad fields and labels of other boards, changing nothing', async () => {
    const b = await seedBoard(t.app);
    const other = await seedBoard(t.app);
    const { body: label } = await call(t.app, b.member, 'POST', `/api/label/${b.id}`, { title: 'Метка' });
    const { body: foreign } = await call(t.app, other.member, 'POST', `/api/label/${other.id}`, {
      title: 'Чужая',
    });
    const good = { title: 'Метка', color: '#123456', isMainColor: false };
    const url = `/api/label/${b.id}/${label.id}`;
    expect(await refused(t.app, b.member, 'PUT', url, { ...good, title: '' })).toEqual({
      status: 400,
      body: { title: 'Введите название метки' },
    });
    expect(
      await refused(t.app, b.member, 'PUT', url, { ...good, color: undefined, isMainColor: 'yes' }),
    ).toEqual({
      status: 400,
      body: { color: 'Некорректный цвет', isMainColor: 'Некорректное значение' },
    });
    for (const id of [foreign.id, 999_999]) {
      expect(await refused(t.app, b.member, 'PUT', `/api/label/${b.id}/${id}`, good)).toEqual(NOT_FOUND);
    }
  });
});

describe('DELETE /api/label', () => {
  it('deletes the label and takes it off every task', async () => {
    const b = await seedBoard(t.app);
    const { body: label } = await call(t.app, b.member, 'POST', `/api/label/${b.id}`, { title: 'Метка' });
    const { body: kept } = await call(t.app, b.member, 'POST', `/api/label/${b.id}`, { title: 'Другая' });
    const { body: task } = await call(t.app, b.member, 'POST', '/api/task/create', {
      boardId: b.id,
      columnId: b.columns[0],
      title: 'Задача',
      labels: [label.id, kept.id],
    });
    expect(task.labels).toEqual([label.id, kept.id].sort((x, y) => x - y));
    expect(await call(t.app, b.member, 'DELETE', `/api/label/${b.id}/${label.id}`)).toEqual({
      status: 200,
      body: { success: true },
    });
    const detail = await call(t.app, b.member, 'GET', `/api/task/${b.id}/${task.id}`);
    expect(detail.body.labels).toEqual([kept.id]);
    expect(await t.db.selectFrom('labels').select('id').where('board_id', '=', b.id).execute()).toEqual([
      { id: kept.id },
    ]);
  });

  it('answers 404 for a label that is not on the board', async () => {
    const b = await seedBoard(t.app);
    const other = await seedBoard(t.app);
    const { body: foreign } = await call(t.app, other.member, 'POST', `/api/label/${other.id}`, {
      title: 'Чужая',
    });
    expect(await refused(t.app, b.member, 'DELETE', `/api/label/${b.id}/${foreign.id}`)).toEqual(NOT_FOUND);
  });
});

describe('permissions', () => {
  it('refuses every label call to users who are not accepted members, changing nothing', async () => {
    const b = await seedBoard(t.app);
    const { body: label } = await call(t.app, b.member, 'POST', `/api/label/${b.id}`, { title: 'Метка' });
    const calls: [Person, 'POST' | 'PUT' | 'DELETE', string, unknown][] = [];
    for (const user of [b.outsider, b.pending, b.removed]) {
      calls.push(
        [user, 'POST', `/api/label/${b.id}`, { title: 'Чужая' }],
        [
          user,
          'PUT',
          `/api/label/${b.id}/${label.id}`,
          { title: 'Чужая', color: '#000000', isMainColor: true },
        ],
        [user, 'DELETE', `/api/label/${b.id}/${label.id}`, undefined],
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
