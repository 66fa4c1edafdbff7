/**
 * The script index.html runs inline in its <head>, before anything else loads (rsbuild.config.ts puts
 * it there; the CSP allows it by its hash, see api/src/plugins/security.ts and
 * deploy/kanban/security-headers.conf). Two jobs that cannot wait for the shell's entry:
 *
 * - the colour theme, applied before the first paint (localStorage 'theme', else the system's);
 * - the route's remote manifest, requested at once from the conventional address deploy/remotes.json
 *   uses (`/remotes/<name>/mf-manifest.json`), so it downloads with the entry instead of after it.
 *   first-route.ts takes that answer when the remotes map names the same address; a map that points
 *   elsewhere costs one unused request of a kilobyte. As soon as it arrives, the remote's entry and
 *   its App's first chunks are preloaded (preload-remote.ts, whose source the script carries), where
 *   first-route.ts could do it only once the shell's entry had run (about 150 ms later here);
 * - signed in, the route's data: the remote's `route-data.js` from the same folder (shared-ui/prefetch),
 *   which starts the first screen's GETs as soon as it arrives, while the shell and the remote's code
 *   still download. Imported as a module: it runs as soon as it arrives, where an async script waited
 *   for the shell's entry to run first (70 ms later here, about 500 ms under Lighthouse's throttling);
 *   and first-route.ts's import of the same address does not run it twice.
 *
 * The route is chosen by route-table.ts's own `firstRemoteIn`, whose source the script carries.
 */
import { ROUTE_DATA_FILE, TOKEN_KEY } from 'shared-ui/prefetch';
import { THEME_STORAGE_KEY } from 'shared-ui/theme';
import { firstRemoteIn, routeRows } from '../app/route-table';
import { FIRST_MANIFEST } from './first-manifest';
import { preloadRemote } from './preload-remote';

const json = (value: unknown) => JSON.stringify(value);

export function pageStartScript(): string {
  return `(function(){var d=document.documentElement,t=null,k=null;try{t=localStorage.getItem(${json(THEME_STORAGE_KEY)});k=localStorage.getItem(${json(TOKEN_KEY)})}catch(e){}d.dataset.theme=t==='dark'||(t!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches)?'dark':'light';var r=(${firstRemoteIn.toString()})(${json(routeRows)},location.pathname,k!==null);if(r){var b='/remotes/'+r.replace(/_/g,'-')+'/',u=b+'mf-manifest.json',p=fetch(u,{cache:'no-cache',priority:'high',headers:{Accept:'application/json'}});p.then(function(x){return x.ok?x.clone().json():null}).then(function(m){if(m)(${preloadRemote.toString()})(new URL(u,location.href).href,m)}).catch(function(){});window[${json(FIRST_MANIFEST)}]={url:new URL(u,location.href).href,response:p};if(k!==null)import(b+${json(ROUTE_DATA_FILE)}).catch(function(){})}})();`;
}
