/**
 * Remote manifests requested as the page starts (first-route.ts), in parallel with the shared modules
 * the shell negotiates before bootstrap runs. The federation runtime then finds the manifest already
 * answered (see the retry plugin's fetch), so a route's remote chunks are requested as soon as the
 * route renders. Imports nothing shared: it runs before the async boundary.
 */
import { FIRST_MANIFEST, type FirstManifest } from './first-manifest';

const early = new Map<string, Promise<Response>>();

/** The manifest request index.html's page-start script made, if it is the one for `url`; once. */
function fromPageStart(url: string): Promise<Response> | undefined {
  const holder = window as unknown as Record<string, FirstManifest | undefined>;
  const first = holder[FIRST_MANIFEST];
  if (first?.url !== url) return undefined;
  holder[FIRST_MANIFEST] = undefined;
  return first.response;
}

/** Starts fetching the manifest at `url` (absolute) unless it already is; the pending answer. */
export function prefetchManifest(url: string, priority: RequestPriority): Promise<Response> {
  const known = early.get(url);
  if (known) return known;
  const request =
    fromPageStart(url) ??
    fetch(url, { cache: 'no-cache', priority, headers: { Accept: 'application/json' } });
  request.catch(() => {});
  early.set(url, request);
  return request;
}

/** The answer prefetched for `url`, handed out once (the runtime reads its body). */
export function takePrefetched(url: string): Promise<Response> | undefined {
  const request = early.get(url);
  early.delete(url);
  return request;
}
