import { vi } from 'vitest';

/** A JSON answer, as the API sends it (with `headers`, such as a mutation's `x-board-version`). */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** What `fetch` calls while the fake network is on (see `fakeNetwork`). */
export const fetchMock = vi.fn<typeof fetch>();

/** Answers a routed call; returning nothing answers 200 `{ success: true }`. */
export type RouteHandler = (
  url: URL,
  init: RequestInit | undefined,
) => Response | undefined | Promise<Response | undefined>;

/** A handler, or a body answered as 200 JSON. */
export type Route = RouteHandler | object | string | number | boolean | null;

const requests: string[] = [];

const keyOf = (method: string | undefined, url: URL, withQuery: boolean) =>
  `${method ?? 'GET'} ${url.pathname}${withQuery ? url.search : ''}`;

const urlOf = (input: RequestInfo | URL | string) => new URL(String(input), 'http://localhost');

/** Logs a request for `calls()`; the fake fetch and the fake XMLHttpRequest both go through here. */
export function recordRequest(method: string | undefined, input: RequestInfo | URL | string) {
  requests.push(keyOf(method, urlOf(input), true));
}

export function clearRequests() {
  requests.length = 0;
}

/** The global fetch of a test: logs the call, then lets `fetchMock` answer it. */
export function fakeFetch(...args: Parameters<typeof fetch>): Promise<Response> {
  recordRequest(args[1]?.method, args[0]);
  return fetchMock(...args);
}

/**
 * Answers fetch by `METHOD /path` (the query is ignored for matching; a handler gets the full URL).
 * Unrouted calls answer 404, like an API that lacks the route.
 */
export function routeApi(routes: Record<string, Route>) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = urlOf(input);
    const key = keyOf(init?.method, url, false);
    const route = routes[key];
    if (route === undefined) return jsonResponse(404, { message: 'Не найдено' });
    if (typeof route !== 'function') return jsonResponse(200, route);
    return (await (route as RouteHandler)(url, init)) ?? jsonResponse(200, { success: true });
  });
}

/** Every request so far, fetch and XMLHttpRequest in the order they were sent, as `METHOD /path?query`. */
export function calls(): string[] {
  return [...requests];
}

/** The JSON body of the last fetch to `METHOD /path` (query ignored). */
export function bodyOf(key: string): unknown {
  const found = fetchMock.mock.calls.findLast(
    ([input, init]) => keyOf(init?.method, urlOf(input), false) === key,
  );
  return found ? JSON.parse(String(found[1]?.body)) : undefined;
}
