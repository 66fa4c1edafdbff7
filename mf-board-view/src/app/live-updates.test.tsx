import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BoardUpdate } from 'contract/realtime';
import type { BoardSocketHandlers } from 'shared-ui';
import { calls, jsonResponse, routeApi } from 'shared-ui/test-kit';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ME, makeBoard, makeTask, renderApp } from '../test/utils';

// The board's socket, driven by the test: `live()` acknowledges the subscription, `send()` an update.
const socket = vi.hoisted(() => ({ handlers: null as BoardSocketHandlers | null }));
vi.mock('shared-ui', async (importOriginal) => ({
  ...(await importOriginal<typeof import('shared-ui')>()),
  watchBoard: (_boardId: number, handlers: BoardSocketHandlers) => {
    socket.handlers = handlers;
    return () => handlers.onLive?.(false);
  },
}));

const live = () =>
  act(() => {
    socket.handlers?.onLive?.(true);
  });
const send = (update: BoardUpdate) =>
  act(() => {
    socket.handlers?.onChange(update);
  });
const boardGets = () => calls().filter((call) => call.startsWith('GET /api/board/7'));

const created = makeTask('9', '11', { title: 'Новая', createdBy: ME });
/** The echo of creating task 9 at the end of column 11 (board version 1 -> 2). */
const echo: BoardUpdate = {
  boardId: 7,
  version: 2,
  change: 'tasks',
  at: 0,
  patch: {
    prevVersion: 1,
    userId: ME,
    tasks: [created],
    columns: [
      {
        id: '11',
        boardId: 7,
        name: 'В работе',
        taskIds: ['3', '9'],
        version: 1,
        wipLimit: null,
        wipStrict: false,
      },
    ],
  },
};

async function addCard(title: string) {
  await screen.findByRole('heading', { name: 'Проект Альфа' });
  const column = document.querySelector('[data-column-id="11"]') as HTMLElement;
  fireEvent.click(within(column).getByRole('button', { name: '+ Добавить карточку' }));
  fireEvent.change(within(column).getByLabelText('Название карточки'), { target: { value: title } });
  fireEvent.click(within(column).getByRole('button', { name: 'Добавить' }));
  return column;
}

describe('live updates', () => {
  // The board preloads its modal chunks when idle: loaded here first, no import outlives this short file.
  beforeAll(() => Promise.all([import('./BoardModals'), import('./TaskRoute')]));
  beforeEach(() => {
    socket.handlers = null;
  });

  it("shows another member's change from its patch without fetching the board", async () => {
    routeApi({ 'GET /api/board/7': makeBoard() });
    renderApp('/board/7');
    await screen.findByText('Задача 2');
    await waitFor(() => expect(socket.handlers).not.toBeNull());
    live();
    send({
      boardId: 7,
      version: 2,
      change: 'tasks',
      at: 0,
      patch: { prevVersion: 1, userId: 2, tasks: [makeTask('2', '10', { title: 'Переименована' })] },
    });
    expect(screen.getByText('Переименована')).toBeTruthy();
    expect(screen.queryByText('Задача 2')).toBeNull();
    expect(boardGets()).toHaveLength(1);

    // A version went missing: the board is fetched once.
    routeApi({ 'GET /api/board/7': makeBoard({ version: 4, name: 'Проект Бета' }) });
    send({ ...echo, version: 4, patch: { ...echo.patch!, prevVersion: 3 } });
    await screen.findByRole('heading', { name: 'Проект Бета' });
    expect(boardGets()).toHaveLength(2);
  });

  it("applies the user's own change from its echo, with no request for the board", async () => {
    let answered = false;
    routeApi({
      'GET /api/board/7': makeBoard(),
      'POST /api/task/create': () => {
        answered = true;
        return jsonResponse(200, created, { 'x-board-id': '7', 'x-board-version': '2' });
      },
    });
    renderApp('/board/7');
    // The board's watch starts once the board has settled, so its socket's code never delays the board.
    expect(socket.handlers).toBeNull();
    await screen.findByRole('heading', { name: 'Проект Альфа' });
    await waitFor(() => expect(socket.handlers).not.toBeNull());
    live();
    const column = await addCard('Новая');
    await waitFor(() => expect(answered).toBe(true));
    send(echo);
    expect(await within(column).findByText('Новая')).toBeTruthy();
    // The form stays open, empty, for the next card.
    await waitFor(() =>
      expect((within(column).getByLabelText('Название карточки') as HTMLTextAreaElement).value).toBe(''),
    );
    expect(boardGets()).toHaveLength(1);
  });

  it('re-fetches the board after a change while the socket is down', async () => {
    let board = makeBoard();
    routeApi({
      'GET /api/board/7': () => jsonResponse(200, board),
      'POST /api/task/create': () => {
        board = makeBoard({
          version: 2,
          columns: { ...board.columns, '11': echo.patch!.columns![0]! },
          tasks: { ...board.tasks, '9': created },
        });
        return jsonResponse(200, created, { 'x-board-id': '7', 'x-board-version': '2' });
      },
    });
    renderApp('/board/7');
    const column = await addCard('Новая');
    expect(await within(column).findByText('Новая')).toBeTruthy();
    expect(boardGets()).toHaveLength(2);
  });
});
