/**
 * Answers requested before the page's code is ready for them (docs/performance.md "The first visit").
 *
 * As the page starts, it loads the current route's remote's `route-data.js` (a standalone script of the
 * remote's, which knows its own API) beside the manifest; the script starts the GETs the remote's first
 * screen makes at once through `prefetchGet`, while the shell and the remote's code are still loading.
 * When the remote then makes the same call through the API client, `takePrefetched` hands it that
 * answer instead of a second request.
 *
 * No imports with side effects and nothing shared: route-data.js carries its own copy, and the shell
 * runs this before the federation's shared modules are negotiated, so the copies are separate module
 * instances that meet in one registry on `globalThis`.
 */
import { getToken, TOKEN_KEY } from './token';

export { getToken, TOKEN_KEY };

type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

/** `?a=1&a=2&b=x`: array values repeat their key; null and undefined are left out. */
export function buildQuery(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values as QueryValue[]) {
      if (item === undefined || item === null) continue;
      params.append(key, String(item));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** What a remote's route data gets: the page's address and the way to start a GET. */
export interface RouteDataContext {
  pathname: string;
  search: string;
  /** Starts `GET path?query` now, as the API client would send it later. */
  get: (path: string, query?: Query) => void;
}

/**
 * The script a remote with first-screen data ships beside its mf-manifest.json (build-config's
 * `routeData`); it runs `runRouteData` with the remote's route data.
 */
export const ROUTE_DATA_FILE = 'route-data.js';

/** The default export of a remote's `src/export-route-data.ts`. */
export type RouteData = (context: RouteDataContext) => void;

interface Early {
  token: string;
  at: number;
  response: Promise<Response>;
}

interface Registry {
  early: Map<string, Early>;
  /** URLs the API client has asked for: a later answer to them could be older than what it has. */
  asked: Set<string>;
}

/** An answer older than this is not handed out: the screen that wanted it did not come. */
const FRESH_MS = 15_000;
const REGISTRY = Symbol.for('kanban.prefetch');

function registry(): Registry {
  const holder = globalThis as { [REGISTRY]?: Registry };
  holder[REGISTRY] ??= { early: new Map(), asked: new Set() };
  return holder[REGISTRY];
}

/**
 * Starts a signed-in GET now (nothing without a stored token), to be taken by the API client. Only for
 * a URL the client has not asked for yet in this page: its own answer may already be newer.
 */
export function prefetchGet(path: string, query?: Query): void {
  const token = getToken();
  if (!token) return;
  const url = `${path}${buildQuery(query)}`;
  const { early, asked } = registry();
  if (asked.has(url) || early.has(url)) return;
  const response = fetch(url, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
  });
  // A failure is the API client's to report, when it takes the answer.
  response.catch(() => {});
  early.set(url, { token, at: Date.now(), response });
}

/**
 * The API client's first GET of `url` in this page gets the answer prefetched for it (same stored
 * token, at most FRESH_MS old); undefined otherwise. Every call marks the URL as asked for, so a later
 * GET (a reload after a reconnect, say) never gets an answer older than the one before it.
 */
export function takePrefetched(url: string): Promise<Response> | undefined {
  const { early: pending, asked } = registry();
  const early = pending.get(url);
  pending.delete(url);
  const first = !asked.has(url);
  asked.add(url);
  if (!early || !first || early.token !== getToken() || Date.now() - early.at > FRESH_MS) return undefined;
  return early.response;
}

/**
 * What a remote's `route-data.js` does when it runs (its `src/route-data.ts`): starts the GETs its
 * route data names for the page's current address.
 */
export function runRouteData(
  routeData: RouteData,
  location: Pick<Location, 'pathname' | 'search'> = window.location,
): void {
  routeData({ pathname: location.pathname, search: location.search, get: prefetchGet });
}
