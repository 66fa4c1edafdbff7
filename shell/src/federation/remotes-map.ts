/** The runtime remotes map: `/remotes.json` = `{ mf_auth: '/remotes/mf-auth/mf-manifest.json', ... }`. */
export type RemotesMap = Record<string, string>;

export const REMOTES_MAP_URL = '/remotes.json';

let pending: Promise<RemotesMap> | null = null;

async function fetchRemotesMap(refresh: boolean): Promise<RemotesMap> {
  // The first read is the request index.html preloads (same URL and mode, so the browser hands over
  // that answer); the server sends the map with `no-cache`, so either way it is revalidated.
  const response = await (refresh ? fetch(REMOTES_MAP_URL, { cache: 'no-cache' }) : fetch(REMOTES_MAP_URL));
  if (!response.ok) throw new Error(`${REMOTES_MAP_URL}: HTTP ${response.status}`);
  const data: unknown = await response.json();
  if (!data || typeof data !== 'object' || Array.isArray(data))
    throw new Error(`${REMOTES_MAP_URL}: not a map`);
  const map: RemotesMap = {};
  for (const [name, url] of Object.entries(data)) if (typeof url === 'string' && url) map[name] = url;
  return map;
}

/** Fetched once per page load; a failed fetch is forgotten so the next call (a retry) fetches again. */
export function getRemotesMap({ refresh = false } = {}): Promise<RemotesMap> {
  if (!pending || refresh) {
    const request = fetchRemotesMap(refresh);
    pending = request;
    request.catch(() => {
      if (pending === request) pending = null;
    });
  }
  return pending;
}

/** Manifest URLs may be relative to the page; the federation runtime wants absolute ones. */
export function toAbsoluteUrl(url: string, base = window.location.href): string {
  return new URL(url, base).href;
}
