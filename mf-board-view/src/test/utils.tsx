import { cleanup, render } from '@testing-library/react';
import type { Board, Task } from 'api/contract';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { useAuthStore, useHeaderStore, useModalStore } from 'shared-ui';
import { afterEach, beforeEach, vi } from 'vitest';
import { App } from '../app/App';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders the exposed App the way the shell does: inside a router, outside any <Route>. */
export function renderApp(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
      <LocationProbe />
    </MemoryRouter>,
  );
}

export const location = () => document.querySelector('[data-testid="location"]')?.textContent ?? '';

export function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export const fetchMock = vi.fn<typeof fetch>();

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response> | undefined;

/** Answers fetches by method and path ('GET /api/board/1'); unknown calls get a 404. */
export function routeFetch(routes: Record<string, Handler | unknown>) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const route = routes[key];
    if (route === undefined) return jsonResponse(404, { message: 'Не найдено' });
    if (typeof route === 'function') {
      const answer = await (route as Handler)(url, init);
      return answer ?? jsonResponse(200, { success: true });
    }
    return jsonResponse(200, route);
  });
}

/** Every call made, as 'METHOD /path?query'. */
export function calls(): string[] {
  return fetchMock.mock.calls.map(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return `${init?.method ?? 'GET'} ${url.pathname}${url.search}`;
  });
}

/** The JSON body of the last call to `METHOD /path`. */
export function bodyOf(key: string): unknown {
  const found = [...fetchMock.mock.calls].reverse().find(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return `${init?.method ?? 'GET'} ${url.pathname}` === key;
  });
  return found ? JSON.parse(String(found[1]?.body)) : undefined;
}

export const ME = 1;

export function makeTask(id: string, columnId: string, patch: Partial<Task> = {}): Task {
  return {
    id,
    boardId: 7,
    columnId,
    number: Number(id),
    title: `Задача ${id}`,
    hasDescription: false,
    estimation: '',
    priority: null,
    assignees: [],
    labels: [],
    commentsCount: 0,
    filesCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    createdBy: ME,
    ...patch,
  };
}

/** A board of user ME with two columns: '10' (tasks 1, 2) and '11' (task 3). */
export function makeBoard(patch: Partial<Board> = {}): Board {
  return {
    id: 7,
    name: 'Проект Альфа',
    color: '#dfe7fd',
    showIdsMode: 'empty',
    showTotalColumnEstimation: false,
    createdBy: ME,
    version: 1,
    members: [
      { id: ME, name: 'Анна', email: 'anna@example.com', avatar: null, accepted: true, isDeleted: false },
      { id: 2, name: 'Борис', email: 'boris@example.com', avatar: null, accepted: true, isDeleted: false },
      { id: 3, name: '', email: 'vera@example.com', avatar: null, accepted: false, isDeleted: false },
      { id: 4, name: 'Гоша', email: 'gosha@example.com', avatar: null, accepted: true, isDeleted: true },
    ],
    columnOrder: ['10', '11'],
    columns: {
      '10': { id: '10', boardId: 7, name: 'Нужно сделать', taskIds: ['1', '2'] },
      '11': { id: '11', boardId: 7, name: 'В работе', taskIds: ['3'] },
    },
    tasks: { '1': makeTask('1', '10'), '2': makeTask('2', '10'), '3': makeTask('3', '11') },
    labels: [
      { id: 21, boardId: 7, title: 'Баг', color: '#c62828', isMainColor: false },
      { id: 22, boardId: 7, title: 'Фича', color: '#2e7d32', isMainColor: false },
    ],
    priorities: [
      { value: 'low', label: 'Низкий', color: '#2e7d32' },
      { value: 'medium', label: 'Средний', color: '#f9a825' },
      { value: 'high', label: 'Высокий', color: '#ef6c00' },
      { value: 'critical', label: 'Критический', color: '#c62828' },
    ],
    ...patch,
  };
}

const initialAuth = useAuthStore.getState();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  const root = document.createElement('div');
  root.id = 'modal-root';
  document.body.appendChild(root);
  useAuthStore.setState({ token: 'token', userId: ME });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  localStorage.clear();
  document.getElementById('modal-root')?.remove();
  useAuthStore.setState(initialAuth, true);
  useModalStore.getState().close();
  useHeaderStore.getState().setUserFilterEnabled(false);
});
