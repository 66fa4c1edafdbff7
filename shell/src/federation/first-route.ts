/**
 * What the page starts loading before the shell's own shared modules are ready (index.ts runs this
 * ahead of its async boundary, so nothing here imports a shared module): the chain of the first visit
 * made parallel (docs/performance.md "The first visit").
 *
 * 1. index.html preloads /remotes.json, and its page-start script (page-start.ts) has already asked
 *    for the route's manifest at its conventional address; both are on their way with this entry.
 * 2. The route's remote only (route-table.ts says which): its manifest at high priority (the
 *    page-start script's request when the map names that address); as soon as it arrives, its entry
 *    and the first chunks of its App are preloaded (preload-remote.ts: by the page-start script
 *    itself when the map names its address), so they download while React and the router do,
 *    and the federation runtime starts loading its App (load-remote.ts's startLoadingApp), so the App
 *    is ready when the shell's route renders its slot.
 * 3. The route's data, signed in: the remote's `route-data.js` beside its manifest (about a kilobyte,
 *    nothing shared; the page-start script has usually asked for it already) starts the GETs its
 *    first screen makes through shared-ui's prefetch, and the remote's API client takes those answers
 *    later. The shell knows no remote's API, only its own two calls.
 * 4. The other remotes' manifests once the page has loaded and settled (when-settled.ts), for a quick
 *    next route: before that, they were requested while the first screen was still being drawn.
 */
import { getToken, prefetchGet, ROUTE_DATA_FILE } from 'shared-ui/prefetch';
import { firstRemote } from '../app/route-table';
import { whenSettled } from '../when-settled';
import { importUrl } from './import-url';
import { startLoadingApp } from './load-remote';
import { prefetchManifest } from './prefetch';
import { type Manifest, preloadRemote } from './preload-remote';
import { startFederation } from './register';
import { getRemotesMap, toAbsoluteUrl } from './remotes-map';

/**
 * The shell's own first calls on a signed-in page: the user (shared-ui's auth store) and the bell
 * (shell-data.test.tsx compares them with what the shell's screen asks for).
 */
export const SHELL_DATA = ['/api/auth/user', '/api/notification/unread'];

/**
 * Runs the remote's route-data.js, once: the page-start script has usually imported it already. A
 * remote without one answers 404, and its screen asks for its data itself.
 */
function startRouteData(manifestUrl: string): void {
  importUrl(new URL(ROUTE_DATA_FILE, manifestUrl).href).catch(() => {});
}

export function startFirstRoute(location: Location = window.location): void {
  startFederation();
  const signedIn = getToken() !== null;
  for (const path of SHELL_DATA) prefetchGet(path);
  const remote = firstRemote(location.pathname, signedIn);

  getRemotesMap()
    .then((map) => {
      const url = remote ? map[remote] : undefined;
      if (remote && url) {
        const manifestUrl = toAbsoluteUrl(url);
        if (signedIn) startRouteData(manifestUrl);
        prefetchManifest(manifestUrl, 'high')
          // A copy, taken before the runtime reads the answer itself.
          .then((response) => (response.ok ? (response.clone().json() as Promise<Manifest>) : null))
          .then((manifest) => {
            if (manifest) preloadRemote(manifestUrl, manifest);
          })
          // The screen then loads as it would have without this head start (and reports any error).
          .catch(() => {});
        startLoadingApp(remote);
      }
      whenSettled(() => {
        for (const [name, other] of Object.entries(map))
          if (name !== remote) prefetchManifest(toAbsoluteUrl(other), 'low');
      });
    })
    .catch(() => {});
}
