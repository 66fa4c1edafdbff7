import type { Board } from 'api/contract';
import { apiClient, onBoardVersion } from 'shared-ui';
import { bodyOf, calls, jsonResponse, routeApi } from 'shared-ui/test-kit';
import { describe, expect, it, vi } from 'vitest';
import { createBoardStore } from '../../shared/board-store';
import { makeBoard, makeTask } from '../../test/utils';
import { commitColumnOrder, commitTaskMove } from './model/commit';
import { buildMoveRequest, moveAcross, settleMove } from './model/move';
import { KEYBOARD_STEP, keyboardCoordinates } from './model/sensors';

async function loadedStore() {
  const store = createBoardStore('7', (boardId) => apiClient.get<Board>(`/api/board/${boardId}`));
  await store.getState().reload();
  return store;
}

describe('move request', () => {
  it('converts the target column ids to numbers', () => {
    expect(buildMoveRequest(7, '3', '10', ['1', '3', '2'])).toEqual({
      boardId: 7,
      taskId: '3',
      newColumnId: '10',
      newColumnTaskIds: [1, 3, 2],
    });
  });

  it('is not built when the moved task is not among the target ids', () => {
    expect(buildMoveRequest(7, '3', '10', ['1', '2'])).toBeNull();
  });
});

describe('moving cards', () => {
  const items = { a: ['1', '2', '3'], b: ['4'], c: [] };

  it('puts a card first or last when dropped on a column top or bottom zone', () => {
    expect(settleMove(items, '3', { type: 'top', columnId: 'a' })?.items.a).toEqual(['3', '1', '2']);
    expect(settleMove(items, '1', { type: 'bottom', columnId: 'a' })?.items.a).toEqual(['2', '3', '1']);
    expect(settleMove(items, '2', { type: 'top', columnId: 'b' })?.items).toEqual({
      a: ['1', '3'],
      b: ['2', '4'],
      c: [],
    });
    expect(settleMove(items, '2', { type: 'bottom', columnId: 'b' })?.items.b).toEqual(['4', '2']);
    expect(settleMove(items, '2', { type: 'column', columnId: 'c' })).toEqual({
      columnId: 'c',
      items: { a: ['1', '3'], b: ['4'], c: ['2'] },
    });
  });

  it('reorders within a column like the sortable list shows it', () => {
    expect(settleMove(items, '1', { type: 'task', id: '3' })?.items.a).toEqual(['2', '3', '1']);
    expect(settleMove(items, '3', { type: 'task', id: '1' })?.items.a).toEqual(['3', '1', '2']);
  });

  it('crosses into another column above or below the card it is over', () => {
    expect(moveAcross(items, '1', { type: 'task', id: '4' }).b).toEqual(['1', '4']);
    expect(moveAcross(items, '1', { type: 'task', id: '4', below: true }).b).toEqual(['4', '1']);
    expect(moveAcross(items, '1', { type: 'task', id: '2' })).toBe(items);
  });

  it('moves the keyboard-dragged item by 25 px per arrow key', () => {
    const context = { currentCoordinates: { x: 100, y: 100 } } as Parameters<typeof keyboardCoordinates>[1];
    const key = (code: string) => keyboardCoordinates({ code } as KeyboardEvent, context);
    expect(KEYBOARD_STEP).toBe(25);
    expect(key('ArrowDown')).toEqual({ x: 100, y: 125 });
    expect(key('ArrowUp')).toEqual({ x: 100, y: 75 });
    expect(key('ArrowRight')).toEqual({ x: 125, y: 100 });
    expect(key('ArrowLeft')).toEqual({ x: 75, y: 100 });
    expect(key('KeyA')).toBeUndefined();
  });
});

describe('committing a drop', () => {
  it('shows the move at once, sends numeric ids and re-fetches while the socket is down', async () => {
    routeApi({ 'GET /api/board/7': makeBoard(), 'PUT /api/task/move': { success: true } });
    const store = await loadedStore();
    const pending = commitTaskMove(store, '1', '11', ['3', '1']);
    // Optimistic: already in the target column before the call answers.
    expect(store.getState().board?.columns['11']?.taskIds).toEqual(['3', '1']);
    expect(store.getState().board?.columns['10']?.taskIds).toEqual(['2']);
    expect(store.getState().board?.tasks['1']?.columnId).toBe('11');
    expect(await pending).toBe('saved');
    expect(bodyOf('PUT /api/task/move')).toEqual({
      boardId: 7,
      taskId: '1',
      newColumnId: '11',
      newColumnTaskIds: [3, 1],
    });
    expect(calls().filter((call) => call === 'GET /api/board/7')).toHaveLength(2);
  });

  it('keeps the move from its echo while the socket is live, without fetching the board', async () => {
    routeApi({
      'GET /api/board/7': makeBoard(),
      'PUT /api/task/move': () =>
        jsonResponse(200, { success: true }, { 'x-board-id': '7', 'x-board-version': '2' }),
    });
    const store = await loadedStore();
    store.getState().setLive(true);
    const stop = onBoardVersion(store.getState().expectVersion);
    try {
      const pending = commitTaskMove(store, '1', '11', ['3', '1']);
      await vi.waitFor(() => expect(calls()).toContain('PUT /api/task/move'));
      await store.getState().applyUpdate({
        boardId: 7,
        version: 2,
        change: 'tasks',
        at: 0,
        patch: {
          prevVersion: 1,
          userId: 1,
          tasks: [makeTask('1', '11')],
          columns: [
            { id: '10', boardId: 7, name: 'Нужно сделать', taskIds: ['2'], version: 1 },
            { id: '11', boardId: 7, name: 'В работе', taskIds: ['3', '1'], version: 1 },
          ],
        },
      });
      expect(await pending).toBe('saved');
      expect(store.getState().board?.columns['11']?.taskIds).toEqual(['3', '1']);
      expect(store.getState().board?.version).toBe(2);
      expect(calls().filter((call) => call === 'GET /api/board/7')).toHaveLength(1);
    } finally {
      stop();
    }
  });

  it('restores the last board data when the move fails', async () => {
    routeApi({
      'GET /api/board/7': makeBoard(),
      'PUT /api/task/move': () => jsonResponse(400, { taskId: 'Задача не найдена' }),
    });
    const store = await loadedStore();
    const before = store.getState().serverBoard;
    expect(await commitTaskMove(store, '2', '10', ['2', '1'])).toBe('restored');
    expect(store.getState().board).toBe(before);
    expect(store.getState().board?.columns['10']?.taskIds).toEqual(['1', '2']);
  });

  it('sends nothing when the order did not change or the task is not in the list', async () => {
    routeApi({ 'GET /api/board/7': makeBoard() });
    const store = await loadedStore();
    expect(await commitTaskMove(store, '1', '10', ['1', '2'])).toBe('unchanged');
    expect(await commitTaskMove(store, '1', '11', ['3'])).toBe('skipped');
    expect(calls().some((call) => call.startsWith('PUT'))).toBe(false);
  });

  it('reorders columns optimistically and rolls back on failure', async () => {
    routeApi({
      'GET /api/board/7': makeBoard(),
      'PUT /api/column/reorder/7': () => jsonResponse(500, { message: 'Внутренняя ошибка сервера' }),
    });
    const store = await loadedStore();
    const pending = commitColumnOrder(store, ['11', '10']);
    expect(store.getState().board?.columnOrder).toEqual(['11', '10']);
    expect(await pending).toBe('restored');
    expect(store.getState().board?.columnOrder).toEqual(['10', '11']);
    expect(bodyOf('PUT /api/column/reorder/7')).toEqual({ columnOrder: ['11', '10'] });
  });
});
