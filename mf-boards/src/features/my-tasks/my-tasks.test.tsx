import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { NotificationsListener } from 'shared-ui';
import { calls, jsonResponse, location, renderInRouter, routeApi } from 'shared-ui/test-kit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/App';
import { renderApp, signIn } from '../../test/utils';
import type { MyTask } from './api/get-my-tasks';

// The session socket, driven by the test.
const socket = vi.hoisted(() => ({ listener: null as NotificationsListener | null, stopped: 0 }));
vi.mock('shared-ui', async (importOriginal) => ({
  ...(await importOriginal<typeof import('shared-ui')>()),
  watchNotifications: (listener: NotificationsListener) => {
    socket.listener = listener;
    return () => {
      socket.stopped += 1;
    };
  },
}));

/** Wednesday 25 November 2026, 14:00 in Moscow, where the viewer is. */
const NOW = Date.parse('2026-11-25T11:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolved.call(this), timeZone: 'Europe/Moscow' };
  });
});
afterEach(() => {
  vi.useRealTimers();
});

function makeTask(id: string, dueAt: string | null, overrides: Partial<MyTask> = {}): MyTask {
  return {
    id,
    boardId: 3,
    columnId: '30',
    number: Number(id),
    title: `Задача ${id}`,
    hasDescription: false,
    estimation: '',
    priority: null,
    assignees: [7],
    labels: [],
    commentsCount: 0,
    filesCount: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
    createdBy: 7,
    version: 1,
    dueAt,
    startAt: null,
    dueDone: false,
    checklist: { done: 0, total: 0 },
    board: { id: 3, name: 'Ремонт' },
    ...overrides,
  };
}

const tasks = [
  makeTask('1', '2026-11-24T09:00:00.000Z'),
  makeTask('2', '2026-11-25T15:00:00.000Z', { boardId: 5, number: 8, board: { id: 5, name: 'Отпуск' } }),
  makeTask('3', '2026-11-27T09:00:00.000Z'),
  makeTask('4', '2026-12-10T09:00:00.000Z'),
  makeTask('5', null),
  makeTask('6', '2026-11-20T09:00:00.000Z', { dueDone: true }),
];

const taskCalls = () => calls().filter((call) => call === 'GET /api/task/mine');

function section(name: string) {
  return screen.getByRole('region', { name: new RegExp(`^${name}`) });
}

describe("'Мои задачи'", () => {
  it('shows a loading state, then the tasks grouped by due date with board, due and link', async () => {
    signIn();
    routeApi({ 'GET /api/task/mine': tasks });
    renderApp('/my-tasks');
    expect(await screen.findByRole('heading', { name: 'Мои задачи' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Загрузка задач' })).toBeTruthy();

    await screen.findByRole('region', { name: /^Просрочено/ });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Просрочено 1',
      'Сегодня 1',
      'На этой неделе 1',
      'Позже 1',
      'Без срока 1',
      'Выполнено 1',
    ]);

    const today = within(section('Сегодня')).getByRole('link');
    // Task id 2 is number 8 on board 5: the link carries the number.
    expect(today.getAttribute('href')).toBe('/board/5/task/8');
    expect(today.textContent).toBe('Задача 2, доска Отпуск, срок 25 ноя, 18:00');
    expect(within(section('Просрочено')).getByRole('link').textContent).toContain('24 ноя, 12:00');
    expect(within(section('Позже')).getByRole('link').textContent).toContain('10 дек, 12:00');
    expect(within(section('Без срока')).getByRole('link').textContent).toBe('Задача 5, доска Ремонт');
    expect(within(section('Выполнено')).getByRole('link').textContent).toBe(
      'Задача 6, доска Ремонт, срок ✓ 20 ноя, 12:00, выполнено',
    );
    expect(document.title).toBe('Мои задачи — Канбан');
  });

  it('says so when nothing is assigned', async () => {
    signIn();
    routeApi({ 'GET /api/task/mine': [] });
    renderApp('/my-tasks');
    expect(await screen.findByRole('heading', { name: 'Нет задач, назначенных вам' })).toBeTruthy();
  });

  it('shows an error with Повторить when the list cannot be loaded', async () => {
    signIn();
    let fail = true;
    routeApi({
      'GET /api/task/mine': () =>
        fail ? jsonResponse(500, { message: 'Внутренняя ошибка сервера' }) : jsonResponse(200, tasks),
    });
    renderApp('/my-tasks');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Не удалось загрузить задачи')).toBeTruthy();

    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('region', { name: /^Сегодня/ })).toBeTruthy();
  });

  it('reads the list again on a notifications event and when the page regains focus', async () => {
    signIn();
    let answer = [makeTask('3', '2026-11-27T09:00:00.000Z')];
    routeApi({ 'GET /api/task/mine': () => jsonResponse(200, answer) });
    renderApp('/my-tasks');
    await screen.findByRole('region', { name: /^На этой неделе/ });

    answer = [...answer, makeTask('1', '2026-11-24T09:00:00.000Z')];
    act(() => socket.listener?.({ unread: 1 }));
    expect(await screen.findByRole('region', { name: /^Просрочено/ })).toBeTruthy();
    expect(taskCalls()).toHaveLength(2);

    answer = [];
    fireEvent.focus(window);
    expect(await screen.findByText('Нет задач, назначенных вам')).toBeTruthy();
    expect(taskCalls()).toHaveLength(3);
  });

  it('keeps the list when a refresh fails, and stops listening when left', async () => {
    signIn();
    let fail = false;
    routeApi({
      'GET /api/task/mine': () => (fail ? jsonResponse(500, {}) : jsonResponse(200, tasks)),
    });
    const stopped = socket.stopped;
    const { unmount } = renderApp('/my-tasks');
    await screen.findByRole('region', { name: /^Сегодня/ });
    fail = true;
    fireEvent.focus(window);
    await waitFor(() => expect(taskCalls()).toHaveLength(2));
    expect(screen.getByRole('region', { name: /^Сегодня/ })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    unmount();
    expect(socket.stopped).toBe(stopped + 1);
  });

  it('is linked from the main page', async () => {
    signIn();
    routeApi({ 'GET /api/board': [], 'GET /api/invite': [] });
    renderApp('/');
    fireEvent.click(screen.getByRole('link', { name: 'Мои задачи' }));
    expect(location()).toBe('/my-tasks');
  });

  it('sends a visitor to sign in', () => {
    renderInRouter(
      <Routes>
        <Route path="/login" element={<p>Вход</p>} />
        <Route path="*" element={<App />} />
      </Routes>,
      ['/my-tasks'],
    );
    expect(location()).toBe('/login');
    expect(taskCalls()).toEqual([]);
  });
});
