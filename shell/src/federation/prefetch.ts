/**
 * Starts the remotes map and every remote's manifest downloading as the page starts, in parallel with
 * the shared modules (React, the router, shared-ui) the shell negotiates before bootstrap runs. The
 * federation runtime then finds the manifest already answered (see the retry plugin's fetch), so a
 * route's remote chunks are requested as soon as the route renders. Imports nothing shared: it runs
 * before the async boundary.
 */
import { getRemotesMap, toAbsoluteUrl } from './remotes-map';

const early = new Map<string, Promise<Response>>();

export function prefetchRemotes(): void {
  getRemotesMap()
    .then((map) => {
      for (const url of Object.values(map)) {
        const absolute = toAbsoluteUrl(url);
        if (early.has(absolute)) continue;
        // Low priority: the shell's own chunks go first on the browser's few connections per host.
        const request = fetch(absolute, {
          cache: 'no-cache',
          priority: 'low',
          headers: { Accept: 'application/json' },
        });
        request.catch(() => {});
        early.set(absolute, request);
      }
    })
    .catch(() => {});
}

/** The answer prefetched for `url`, handed out once (the runtime reads its body). */
export function takePrefetched(url: string): Promise<Response> | undefined {
  const request = early.get(url);
  early.delete(url);
  return request;
}
