import { cleanup, render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { MODAL_ROOT_ID, useAuthStore, useModalStore } from 'shared-ui';
import { afterEach, beforeEach, vi } from 'vitest';
import { App } from '../app/App';
import { storedViewSettings, useViewSettings } from '../features/board-list/view-settings-store';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders the exposed App the way the shell does: inside a router, outside any <Route>. */
export function renderApp(path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
      <LocationProbe />
    </MemoryRouter>,
  );
}

export function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export const fetchMock = vi.fn<typeof fetch>();
export const assign = vi.fn();

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * Answers fetch by `METHOD /path` (query ignored for matching; the handler gets the full URL).
 * Unrouted calls answer 404, like an API that lacks the route.
 */
export function routeApi(routes: Record<string, Handler>) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = routes[`${init?.method ?? 'GET'} ${url.pathname}`];
    return handler ? handler(url, init) : jsonResponse(404, { message: 'Не найдено' });
  });
}

/** The calls made so far, as `METHOD /path?query`. */
export function calls(): string[] {
  return fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);
}

/** The JSON body of the first call to `METHOD /path`. */
export function bodyOf(call: string): unknown {
  const found = fetchMock.mock.calls.find(
    ([input, init]) => `${init?.method ?? 'GET'} ${String(input)}` === call,
  );
  return found ? JSON.parse(String(found[1]?.body)) : undefined;
}

/** A stored token, as after login: the page shows the board list. */
export function signIn(userId = 7) {
  localStorage.setItem('token', 'test-token');
  useAuthStore.setState({ token: 'test-token', userId });
}

/** Re-reads view settings from localStorage, as a fresh page load would. */
export function reloadViewSettings() {
  useViewSettings.setState(storedViewSettings());
}

const initialAuth = useAuthStore.getState();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('location', { ...window.location, pathname: '/', assign });
  const modalRoot = document.createElement('div');
  modalRoot.id = MODAL_ROOT_ID;
  document.body.append(modalRoot);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  assign.mockReset();
  localStorage.clear();
  document.getElementById(MODAL_ROOT_ID)?.remove();
  useAuthStore.setState(initialAuth, true);
  useModalStore.getState().close();
  reloadViewSettings();
});
