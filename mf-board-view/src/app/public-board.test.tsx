/**
 * A board's public link, /p/{token}: anyone, without signing in, reads the board from the public API,
 * with nothing member-only on screen; the task opens read-only from the public API too; filters work
 * in the page; a dead link (a 404 on load, or the socket's word while open) says so.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TaskDetail } from 'contract';
import type { BoardSocketHandlers, PublicSubscription } from 'shared-ui';
import { useAuthStore } from 'shared-ui';
import { calls, fetchMock, jsonResponse, routeApi } from 'shared-ui/test-kit';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBoard, makeTask, renderApp } from '../test/utils';

const socket = vi.hoisted(() => ({
  target: null as number | PublicSubscription | null,
  handlers: null as BoardSocketHandlers | null,
}));
vi.mock('shared-ui', async (importOriginal) => ({
  ...(await importOriginal<typeof import('shared-ui')>()),
  watchBoard: (target: number | PublicSubscription, handlers: BoardSocketHandlers) => {
    socket.target = target;
    socket.handlers = handlers;
    return () => handlers.onLive?.(false);
  },
}));

const WAIT = { timeout: 5000 };
const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWx';
const API = `/api/public/${TOKEN}`;
const GONE = 'Ссылка не действует: её выключили или заменили';

/** The fixture as the public API answers it: members without e-mails, the invitation left out. */
function publicBoard() {
  const board = makeBoard();
  board.tasks['2'] = makeTask('2', '10', { title: 'Сверстать доску', labels: [21], commentsCount: 1 });
  board.members = board.members
    .filter((member) => member.accepted)
    .map((member) => ({ ...member, email: '' }));
  return board;
}

const detail = (): TaskDetail => ({
  ...makeTask('2', '10', { title: 'Сверстать доску', labels: [21] }),
  description: 'Подробности',
  comments: [{ id: 51, boardId: 7, taskId: '2', userId: 2, text: 'Смотри макет', createdAt: '' }],
  files: [],
  checklists: [],
});

const robots = () => document.head.querySelector('meta[name="robots"]')?.getAttribute('content');

describe('a public link', { timeout: 15_000 }, () => {
  beforeAll(() => Promise.all([import('./BoardModals'), import('./TaskRoute')]));
  beforeEach(() => {
    socket.target = null;
    socket.handlers = null;
    // A visitor who is not signed in.
    useAuthStore.setState({ token: null, userId: null });
  });

  it('shows the board read-only from the public API, without signing in, with no member-only menu', async () => {
    routeApi({ [`GET ${API}`]: publicBoard() });
    const { unmount } = renderApp(`/p/${TOKEN}`);
    await screen.findByRole('heading', { name: 'Проект Альфа' });
    expect(calls()).toEqual([`GET ${API}`]);
    const headers = (fetchMock.mock.calls[0]?.[1]?.headers ?? {}) as Record<string, string>;
    expect(headers.Accept).toBe('application/json');
    expect(headers.Authorization).toBeUndefined();

    expect(screen.getByText('Только просмотр по ссылке')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Войти' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('button', { name: '+ Добавить карточку' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Создать новую колонку/ })).toBeNull();
    expect(document.querySelectorAll('[aria-roledescription="карточка"]')).toHaveLength(0);
    const menu = screen.getByRole('navigation', { name: 'Меню доски' });
    expect(
      within(menu)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Фильтр 0']);
    // The card's link stays under the public link.
    expect(screen.getByRole('link', { name: 'Сверстать доску' }).getAttribute('href')).toBe(
      `/p/${TOKEN}/task/2`,
    );
    expect(robots()).toBe('noindex');

    await waitFor(() => expect(socket.target).toEqual({ publicToken: TOKEN }));
    unmount();
    expect(robots()).toBeUndefined();
  });

  it('stays a reader for a signed-in administrator of the board', async () => {
    useAuthStore.setState({ token: 'token', userId: 1 });
    routeApi({ [`GET ${API}`]: publicBoard() });
    renderApp(`/p/${TOKEN}`);
    await screen.findByRole('heading', { name: 'Проект Альфа' });
    expect(screen.queryByRole('link', { name: 'Войти' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Доступ по ссылке' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Доска' })).toBeNull();
    expect(screen.queryByRole('button', { name: '+ Добавить карточку' })).toBeNull();
  });

  it('opens a task read-only from the public API, with its comments and no history or watch', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    routeApi({ [`GET ${API}`]: publicBoard(), [`GET ${API}/task/2`]: detail() });
    renderApp(`/p/${TOKEN}`);
    fireEvent.click(await screen.findByRole('link', { name: 'Сверстать доску' }));
    const dialog = await screen.findByRole('dialog', { name: 'Задача 2' }, WAIT);
    const title = (await within(dialog).findByLabelText('Название', {}, WAIT)) as HTMLInputElement;
    expect(title.value).toBe('Сверстать доску');
    expect(title.readOnly).toBe(true);
    expect(document.getElementById(title.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Только просмотр по ссылке',
    );
    expect(calls()).toContain(`GET ${API}/task/2`);
    expect(within(dialog).getByText('Смотри макет')).toBeTruthy();
    expect(within(dialog).getByText('Комментировать могут только участники доски.')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Новый комментарий')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Следить' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Удалить' })).toBeNull();
    expect(calls().some((call) => call.startsWith('GET /api/activity'))).toBe(false);
    expect(calls().some((call) => call.startsWith('GET /api/board/'))).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Скопировать ссылку на задачу' }));
    await within(dialog).findByText('Скопировано');
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/p/${TOKEN}/task/2`);
    vi.unstubAllGlobals();
  });

  it('filters the board in the page: the public API takes no filters', async () => {
    routeApi({ [`GET ${API}`]: publicBoard() });
    renderApp(`/p/${TOKEN}?label=21`);
    await screen.findByText('Сверстать доску');
    expect(screen.queryByText('Задача 1')).toBeNull();
    expect(screen.queryByText('Задача 3')).toBeNull();
    expect(calls()).toEqual([`GET ${API}`]);
  });

  it('says the link does not work when it answers 404, and offers to sign in', async () => {
    routeApi({ [`GET ${API}`]: () => jsonResponse(404, { message: GONE }) });
    renderApp(`/p/${TOKEN}`);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(GONE)).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Войти' })).toBeTruthy();
  });

  it('clears the open page when the link is turned off or replaced', async () => {
    routeApi({ [`GET ${API}`]: publicBoard() });
    renderApp(`/p/${TOKEN}`);
    await screen.findByText('Сверстать доску');
    await waitFor(() => expect(socket.handlers).not.toBeNull());
    act(() => socket.handlers?.onGone?.());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(GONE)).toBeTruthy();
    expect(within(alert).getByText(/больше не показывается и не обновляется/)).toBeTruthy();
    expect(screen.queryByText('Сверстать доску')).toBeNull();
  });
});
