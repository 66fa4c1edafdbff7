import type { Board } from 'contract';
import { apiClient, onBoardVersion } from 'shared-ui';
import { bodyOf, calls, jsonResponse, routeApi } from 'shared-ui/test-kit';
import { describe, expect, it, vi } from 'vitest';
import { createBoardStore } from '../../shared/board-store';
import { useUndo } from '../../shared/undo';
import { makeBoard, makeTask } from '../../test/utils';
import { cardPlace, cardUnmoved, columnPlace, UNCHANGED } from './model/announce';
import { commitColumnOrder, commitTaskMove } from './model/commit';
import { columnKey } from './model/ids';
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
    const context = {
      currentCoordinates: { x: 100, y: 100 },
      context: { collisionRect: null },
    } as unknown as Parameters<typeof keyboardCoordinates>[1];
    const key = (code: string) => keyboardCoordinates({ code } as KeyboardEvent, context);
    expect(KEYBOARD_STEP).toBe(25);
    expect(key('ArrowDown')).toEqual({ x: 100, y: 125 });
    expect(key('ArrowUp')).toEqual({ x: 100, y: 75 });
    expect(key('ArrowRight')).toEqual({ x: 125, y: 100 });
    expect(key('ArrowLeft')).toEqual({ x: 75, y: 100 });
    expect(key('KeyA')).toBeUndefined();
  });
});

describe('keyboard coordinator with Ctrl', () => {
  // Three columns 300 px wide, 12 px apart; a 40 px head (the top zone); cards 60 px high, 8 px apart.
  const rect = (left: number, top: number, width: number, height: number) => ({
    left,
    top,
    width,
    height,
    right: left + width,
    bottom: top + height,
  });
  const cards: Record<string, string[]> = { a: ['1', '2', '3'], b: ['4'], c: [] };
  const containers: { id: string; data: { current: unknown } }[] = [];
  const rects = new Map<string, ReturnType<typeof rect>>();
  ['a', 'b', 'c'].forEach((columnId, column) => {
    const left = 16 + column * 312;
    containers.push({ id: columnKey(columnId), data: { current: { type: 'column', columnId } } });
    rects.set(columnKey(columnId), rect(left, 100, 300, 400));
    containers.push({ id: `top:${columnId}`, data: { current: { type: 'top', columnId } } });
    rects.set(`top:${columnId}`, rect(left, 100, 300, 40));
    (cards[columnId] ?? []).forEach((taskId, index) => {
      containers.push({
        id: taskId,
        data: { current: { type: 'task', taskId, sortable: { containerId: columnId } } },
      });
      rects.set(taskId, rect(left + 8, 142 + index * 68, 284, 60));
    });
  });
  /** Where the dragged card's centre goes for `code` with Ctrl, from the card rect `from`. */
  const jump = (code: string, active: string, from: ReturnType<typeof rect>) => {
    const next = keyboardCoordinates(
      { code, ctrlKey: true } as KeyboardEvent,
      {
        active,
        currentCoordinates: { x: from.left, y: from.top },
        context: {
          active: { id: active, data: { current: { type: 'task', taskId: active } } },
          collisionRect: from,
          droppableRects: rects,
          droppableContainers: { getEnabled: () => containers },
        },
      } as unknown as Parameters<typeof keyboardCoordinates>[1],
    );
    return next && { x: next.x + from.width / 2, y: next.y + from.height / 2 };
  };
  const at = (id: string) => rects.get(id) as ReturnType<typeof rect>;
  const centre = (id: string) => ({ x: at(id).left + 142, y: at(id).top + 30 });

  it('jumps to the same slot of the next or previous column, or to its end, or under an empty head', () => {
    expect(jump('ArrowRight', '1', at('1'))).toEqual(centre('4'));
    // The second card of 'a' into 'b', which has one card: after it.
    expect(jump('ArrowRight', '2', at('2'))).toEqual({ x: centre('4').x, y: at('4').bottom + 30 });
    // Into the empty column: just under its head.
    expect(jump('ArrowRight', '4', at('4'))).toEqual({ x: 16 + 2 * 312 + 150, y: 140 + 30 });
    expect(jump('ArrowLeft', '4', at('4'))).toEqual(centre('1'));
    expect(jump('ArrowLeft', '1', at('1'))).toBeUndefined();
  });

  it('jumps to the next or previous slot of its column, counting its own start', () => {
    expect(jump('ArrowDown', '1', at('1'))).toEqual(centre('2'));
    expect(jump('ArrowDown', '1', at('2'))).toEqual(centre('3'));
    expect(jump('ArrowUp', '1', at('2'))).toEqual(centre('1'));
    expect(jump('ArrowDown', '3', at('3'))).toBeUndefined();
  });

  it('moves by 25 px without Ctrl', () => {
    const next = keyboardCoordinates(
      { code: 'ArrowRight' } as KeyboardEvent,
      {
        active: '1',
        currentCoordinates: { x: 10, y: 10 },
        context: { collisionRect: at('1') },
      } as unknown as Parameters<typeof keyboardCoordinates>[1],
    );
    expect(next).toEqual({ x: 35, y: 10 });
  });
});

describe('announcements', () => {
  const names: Record<string, string> = { a: 'Нужно сделать', b: 'Готово' };
  const name = (columnId: string) => names[columnId] ?? '';

  it('names the column and the position', () => {
    expect(cardPlace({ a: ['1', '2'], b: ['3', '4', '5', '6', '7'] }, '4', name)).toBe('В «Готово», 2 из 5');
    expect(cardPlace({ a: ['1'] }, '9', name)).toBeNull();
    expect(columnPlace(['x', 'y', 'z'], 'y')).toBe('Место 2 из 3');
  });

  it('tells an unchanged drop from a move', () => {
    const start = { a: ['1', '2'], b: ['3'] };
    expect(cardUnmoved(start, start, '1')).toBe(true);
    expect(cardUnmoved(start, { a: ['2', '1'], b: ['3'] }, '1')).toBe(false);
    expect(cardUnmoved(start, { a: ['2'], b: ['1', '3'] }, '1')).toBe(false);
    expect(UNCHANGED).toBe('Без изменений');
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
            {
              id: '10',
              boardId: 7,
              name: 'Нужно сделать',
              taskIds: ['2'],
              version: 1,
              wipLimit: null,
              wipStrict: false,
            },
            {
              id: '11',
              boardId: 7,
              name: 'В работе',
              taskIds: ['3', '1'],
              version: 1,
              wipLimit: null,
              wipStrict: false,
            },
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

  it('puts the card back and says why when a full column refuses it (409)', async () => {
    routeApi({
      'GET /api/board/7': makeBoard(),
      'PUT /api/task/move': () => jsonResponse(409, { message: 'Колонка заполнена: лимит 4' }),
    });
    const store = await loadedStore();
    const before = store.getState().serverBoard;
    expect(await commitTaskMove(store, '1', '11', ['3', '1'])).toBe('restored');
    expect(store.getState().board).toBe(before);
    expect(store.getState().board?.tasks['1']?.columnId).toBe('10');
    expect(useUndo.getState().offer).toMatchObject({ kind: 'notice', message: 'Колонка заполнена: лимит 4' });
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
