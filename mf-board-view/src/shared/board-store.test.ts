import type { Board } from 'api/contract';
import { ApiError } from 'shared-ui';
import { describe, expect, it, vi } from 'vitest';
import { makeBoard, makeTask } from '../test/utils';
import { createBoardStore, shareUnchanged } from './board-store';
import { emptyFilters } from './filters';

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
