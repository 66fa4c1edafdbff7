import { cleanup, render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { type User, useAuthStore } from 'shared-ui';
import { afterEach, beforeEach, vi } from 'vitest';
import { App } from '../app/App';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders the exposed App the way the shell does: inside a router, outside any <Route>. */
export function renderApp(entries: string[] = ['/settings']) {
  return render(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
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

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/** Answers fetch by `METHOD /path` (the handler gets the full URL); unknown calls get a 404. */
export function routeApi(routes: Record<string, Handler>) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = routes[`${init?.method ?? 'GET'} ${url.pathname}`];
    return handler ? handler(url, init) : jsonResponse(404, { message: 'Не найдено' });
  });
}

/** Every network call so far, fetch and XMLHttpRequest together, as 'METHOD /path?query'. */
export const network: string[] = [];

/** The JSON body of the last fetch to `METHOD /path`. */
export function bodyOf(key: string): unknown {
  const found = [...fetchMock.mock.calls].reverse().find(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return `${init?.method ?? 'GET'} ${url.pathname}` === key;
  });
  return found ? JSON.parse(String(found[1]?.body)) : undefined;
}

/** Stands in for XMLHttpRequest (uploads): the test drives progress and the answer. */
export class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    network.push(`${this.method} ${this.url}`);
    FakeXhr.last = this;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

export const ME: User = { id: 7, name: 'Анна', email: 'anna@example.com', gender: null, avatar: null };

/** Signed in with the user loaded, as the shell's guard leaves it. */
export function signIn(user: User = ME) {
  localStorage.setItem('token', 'old-token');
  useAuthStore.setState({ token: 'old-token', userId: user.id, user, userStatus: 'success' });
}

const initialAuth = useAuthStore.getState();

beforeEach(() => {
  network.length = 0;
  FakeXhr.last = null;
  fetchMock.mockImplementation(async () => jsonResponse(404, { message: 'Не найдено' }));
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    network.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
    return fetchMock(input, init);
  });
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal('location', { ...window.location, pathname: '/settings', assign: vi.fn() });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  localStorage.clear();
  useAuthStore.setState(initialAuth, true);
});
