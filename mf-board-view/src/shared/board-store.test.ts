import type { Board } from 'contract';
import type { BoardPatch, BoardUpdate } from 'contract/realtime';
import { ApiError, apiClient } from 'shared-ui';
import { calls, routeApi } from 'shared-ui/test-kit';
import { describe, expect, it, vi } from 'vitest';
import { makeBoard, makeTask } from '../test/utils';
import { createBoardStore, ECHO_WAIT_MS, shareUnchanged } from './board-store';
import { emptyFilters, type Filters } from './filters';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('board store', () => {
  it('coalesces reloads: one request in flight and at most one queued', async () => {
    const answers = [deferred<Board>(), deferred<Board>()];
    const fetchBoard = vi.fn(() => answers[fetchBoard.mock.calls.length - 1]!.promise);
    const store = createBoardStore('7', fetchBoard);
    const first = store.getState().reload();
    const queued = [store.getState().reload(), store.getState().reload(), store.getState().reload()];
    expect(fetchBoard).toHaveBeenCalledTimes(1);
    answers[0]!.resolve(makeBoard({ name: 'Старое' }));
    await first;
    expect(store.getState().board?.name).toBe('Старое');
    expect(fetchBoard).toHaveBeenCalledTimes(2);
    answers[1]!.resolve(makeBoard({ name: 'Новое' }));
    await Promise.all(queued);
    expect(fetchBoard).toHaveBeenCalledTimes(2);
    expect(store.getState().board?.name).toBe('Новое');
    expect(store.getState().status).toBe('success');
  });

  it('drops an answer for filters that changed meanwhile', async () => {
    const answers = [deferred<Board>(), deferred<Board>()];
    const fetchBoard = vi.fn(() => answers[fetchBoard.mock.calls.length - 1]!.promise);
    const store = createBoardStore('7', fetchBoard);
    const first = store.getState().reload();
    const second = store.getState().setFilters({ ...emptyFilters(), label: ['21'] });
    answers[0]!.resolve(makeBoard({ name: 'Без фильтра' }));
    await first;
    expect(store.getState().board).toBeNull();
    answers[1]!.resolve(makeBoard({ name: 'С фильтром' }));
    await second;
    expect(fetchBoard.mock.calls[1]).toEqual(['7', { ...emptyFilters(), label: ['21'] }]);
    expect(store.getState().board?.name).toBe('С фильтром');
  });

  it('keeps the board when a background reload fails, but reports lost access', async () => {
    const fetchBoard = vi
      .fn<(id: string) => Promise<Board>>()
      .mockResolvedValueOnce(makeBoard())
      .mockRejectedValueOnce(new ApiError(500, { message: 'Внутренняя ошибка сервера' }))
      .mockRejectedValueOnce(new ApiError(403, { message: 'Нет доступа' }));
    const store = createBoardStore('7', fetchBoard);
    await store.getState().reload();
    await store.getState().reload();
    expect(store.getState().status).toBe('success');
    await store.getState().reload();
    expect(store.getState().httpStatus).toBe(403);
  });

  it('says why a background reload failed while keeping the board, until one succeeds', async () => {
    const fetchBoard = vi
      .fn<(id: string) => Promise<Board>>()
      .mockResolvedValueOnce(makeBoard())
      .mockRejectedValueOnce(new ApiError(503, { message: 'Сервис временно недоступен, повторите попытку' }))
      .mockResolvedValueOnce(makeBoard());
    const store = createBoardStore('7', fetchBoard);
    await store.getState().reload();
    expect(store.getState().stale).toBeNull();
    await store.getState().reload();
    expect(store.getState().board?.name).toBe(makeBoard().name);
    expect(store.getState().stale).toBe('Сервис временно недоступен, повторите попытку');
    await store.getState().reload();
    expect(store.getState().stale).toBeNull();
  });

  it('applies optimistic changes and rolls back to the last server data', async () => {
    const store = createBoardStore('7', async () => makeBoard());
    await store.getState().reload();
    const server = store.getState().board;
    store.getState().applyOptimistic((board) => ({ ...board, columnOrder: ['11', '10'] }));
    expect(store.getState().board?.columnOrder).toEqual(['11', '10']);
    expect(store.getState().serverBoard).toBe(server);
    store.getState().rollback();
    expect(store.getState().board).toBe(server);
  });

  it('reuses unchanged task objects between answers', () => {
    const before = makeBoard();
    const after = makeBoard();
    after.tasks['2'] = makeTask('2', '10', { title: 'Изменена' });
    const shared = shareUnchanged(before, after);
    expect(shared.tasks['1']).toBe(before.tasks['1']);
    expect(shared.tasks['2']).toBe(after.tasks['2']);
    expect(shared.columns['11']).toBe(before.columns['11']);
    expect(shared.labels).toBe(before.labels);
  });
});

/** GET /api/board/:id through the API client, as the board screen fetches it. */
const getBoard = (boardId: string, filters: Filters) =>
  apiClient.get<Board>(`/api/board/${boardId}`, { query: filters });

const boardGets = () => calls().filter((call) => call.startsWith('GET /api/board/7'));

function update(version: number, patch?: Omit<BoardPatch, 'prevVersion' | 'userId'>): BoardUpdate {
  return {
    boardId: 7,
    version,
    change: 'tasks',
    at: 0,
    ...(patch && { patch: { prevVersion: version - 1, userId: 2, ...patch } }),
  };
}

const renamed = (version: number) =>
  update(version, { tasks: [makeTask('2', '10', { title: `Версия ${version}` })] });

describe('board store and realtime updates', () => {
  async function loadedStore(live = false) {
    routeApi({ 'GET /api/board/7': makeBoard() });
    const store = createBoardStore('7', getBoard);
    await store.getState().reload();
    store.getState().setLive(live);
    return store;
  }

  it('applies a patch without a request, and re-fetches once after a gap or an update without one', async () => {
    const store = await loadedStore(true);
    await store.getState().applyUpdate(renamed(2));
    expect(store.getState().board?.tasks['2']?.title).toBe('Версия 2');
    expect(store.getState().serverBoard).toBe(store.getState().board);
    expect(boardGets()).toHaveLength(1);

    routeApi({ 'GET /api/board/7': makeBoard({ version: 4, name: 'С сервера' }) });
    await store.getState().applyUpdate(renamed(4));
    expect(boardGets()).toHaveLength(2);
    expect(store.getState().board).toMatchObject({ version: 4, name: 'С сервера' });

    await store.getState().applyUpdate({ boardId: 7, version: 0, change: 'resync', at: 0 });
    expect(boardGets()).toHaveLength(3);
  });

  it('replaces a drag in progress with the patched board', async () => {
    const store = await loadedStore(true);
    store.getState().applyOptimistic((board) => ({ ...board, columnOrder: ['11', '10'] }));
    await store.getState().applyUpdate(renamed(2));
    expect(store.getState().board?.columnOrder).toEqual(['10', '11']);
  });

  it('keeps a patched board when an older answer arrives afterwards', async () => {
    const store = await loadedStore(true);
    let answer!: (board: Board) => void;
    routeApi({
      'GET /api/board/7': () =>
        new Promise<Response>((resolve) => {
          answer = (board) => resolve(Response.json(board));
        }),
    });
    const reloading = store.getState().reload();
    await vi.waitFor(() => expect(answer).toBeDefined());
    await store.getState().applyUpdate(renamed(2));
    answer(makeBoard());
    await reloading;
    expect(store.getState().board).toMatchObject({ version: 2, tasks: { '2': { title: 'Версия 2' } } });
  });

  it("waits for the echo of the user's own change instead of re-fetching while live", async () => {
    const store = await loadedStore(true);
    store.getState().expectVersion({ boardId: 8, version: 9 });
    store.getState().expectVersion({ boardId: 7, version: 2 });
    let caughtUp = false;
    const catchingUp = store
      .getState()
      .catchUp()
      .then(() => {
        caughtUp = true;
      });
    await Promise.resolve();
    expect(caughtUp).toBe(false);
    await store.getState().applyUpdate(renamed(2));
    await catchingUp;
    expect(store.getState().board?.tasks['2']?.title).toBe('Версия 2');
    // Already shown: nothing to wait for.
    await store.getState().catchUp();
    expect(boardGets()).toHaveLength(1);
  });

  it('re-fetches at once when the socket is not live, and after a while when the echo is late', async () => {
    const store = await loadedStore(false);
    vi.useFakeTimers();
    try {
      store.getState().expectVersion({ boardId: 7, version: 2 });
      routeApi({ 'GET /api/board/7': makeBoard({ version: 2 }) });
      const offline = store.getState().catchUp();
      await vi.advanceTimersByTimeAsync(0);
      await offline;
      expect(boardGets()).toHaveLength(2);

      store.getState().setLive(true);
      store.getState().expectVersion({ boardId: 7, version: 3 });
      routeApi({ 'GET /api/board/7': makeBoard({ version: 3 }) });
      const late = store.getState().catchUp();
      await vi.advanceTimersByTimeAsync(ECHO_WAIT_MS - 1);
      expect(boardGets()).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1);
      await late;
      expect(boardGets()).toHaveLength(3);
      expect(store.getState().board?.version).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it("hands each update's activity rows to listeners, and asks them to re-read when it re-fetches", async () => {
    routeApi({ 'GET /api/board/7': makeBoard() });
    const store = createBoardStore('7', (id) => apiClient.get<Board>(`/api/board/${id}`));
    await store.getState().reload();
    const heard = vi.fn();
    const stop = store.getState().onActivity(heard);
    const rows = [{ id: 9, kind: 'task.edited', task: { id: '2' } }];
    const patch = { prevVersion: 1, userId: 2, tasks: [makeTask('2', '10')], activity: rows };
    await store
      .getState()
      .applyUpdate({ boardId: 7, version: 2, change: 'tasks', at: 0, patch } as BoardUpdate);
    expect(heard).toHaveBeenLastCalledWith({ rows });
    await store.getState().applyUpdate({ boardId: 7, version: 9, change: 'tasks', at: 0 });
    expect(heard).toHaveBeenLastCalledWith({ refetch: true });
    stop();
    await store.getState().resync();
    expect(heard).toHaveBeenCalledTimes(2);
  });
});
