import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { BoardListItem } from 'contract/boards';
import { describe, expect, it } from 'vitest';
import {
  addMember,
  boardDetail,
  boardList,
  boardSnapshot,
  call,
  createBoard,
  type Errors,
  insertTask,
  MB,
  NOT_FOUND,
  person,
  useTestApp,
} from '../../test/fixtures.js';
import { memberBoardVersion } from '../board-change/access.js';

const t = useTestApp();

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
    expect(res.body).toEqual([{ id: boardId, name: 'Новое имя', color: '#aabbcc', role: 'admin' }]);
    const board = (await boardDetail(t.app, owner, boardId)).body;
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
  it('hides the board from everyone, keeps its rows and files, and answers the remaining list', async () => {
    const owner = await person(t.app);
    const member = await person(t.app);
    const keep = await createBoard(t.app, owner, 'Остаётся');
    const boardId = await createBoard(t.app, owner, 'Удаляется');
    await addMember(t.app, owner, boardId, member);
    const [column] = await t.db.selectFrom('columns').select('id').where('board_id', '=', boardId).execute();
    const taskId = await insertTask(t.db, boardId, {
      columnId: column?.id as number,
      title: 'Задача',
      createdBy: owner.id,
      assignees: [member.id],
    });
    const key = `boards/${boardId}/${randomUUID()}`;
    await t.app.storage.put(key, Readable.from([Buffer.from('x')]), { maxBytes: 10 });
    await t.db
      .insertInto('files')
      .values({
        board_id: boardId,
        task_id: taskId,
        name: 'f',
        storage_key: key,
        type: 't',
        size: 1,
        created_by: owner.id,
      })
      .execute();
    const keepRows = await boardSnapshot(t.db, keep);
    const rows = await boardSnapshot(t.db, boardId);

    expect((await call(t.app, member, 'DELETE', `/api/board/${boardId}`)).status).toBe(403);
    const res = await call<BoardListItem[]>(t.app, owner, 'DELETE', `/api/board/${boardId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ id: keep, name: 'Остаётся', color: '#f4f5f7', role: 'admin' }]);

    const after = await boardSnapshot(t.db, boardId);
    expect({ ...after, boards: [] }).toEqual({ ...rows, boards: [] });
    expect(after.boards).toMatchObject([{ id: boardId, deleted_by: owner.id }]);
    expect(await t.app.storage.stat(key)).not.toBeNull();
    expect(await boardSnapshot(t.db, keep)).toEqual(keepRows);
    expect(await boardList(t.app, member)).toEqual([]);
    expect(await boardDetail(t.app, owner, boardId)).toMatchObject(NOT_FOUND);
    expect(await boardDetail(t.app, member, boardId)).toMatchObject(NOT_FOUND);
    // Every change, the creator's too, finds no board; so does a second delete.
    expect(await call(t.app, owner, 'DELETE', `/api/board/${boardId}`)).toMatchObject(NOT_FOUND);
    expect(
      await call(t.app, owner, 'PUT', `/api/board/edit/${boardId}`, {
        name: 'x',
        color: '#112233',
        showIdsMode: 'square',
        showTotalColumnEstimation: true,
      }),
    ).toMatchObject(NOT_FOUND);
    expect(
      await call(t.app, owner, 'POST', '/api/task/create', {
        boardId,
        columnId: String(column?.id),
        title: 'Ещё',
      }),
    ).toMatchObject(NOT_FOUND);
    expect(await memberBoardVersion(t.app, boardId, member.id)).toBeNull();
    await t.app.storage.remove(key);
  });
});
