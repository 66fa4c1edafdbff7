/**
 * The script index.html runs inline in its <head>, before anything else loads (rsbuild.config.ts puts
 * it there; the CSP allows it by its hash, see api/src/plugins/security.ts and
 * deploy/kanban/security-headers.conf). Two jobs that cannot wait for the shell's entry:
 *
 * - the colour theme, applied before the first paint (localStorage 'theme', else the system's);
 * - the route's remote manifest, requested at once from the conventional address deploy/remotes.json
 *   uses (`/remotes/<name>/mf-manifest.json`), so it downloads with the entry instead of after it.
 *   first-route.ts takes that answer when the remotes map names the same address; a map that points
 *   elsewhere costs one unused request of a kilobyte.
 *
 * The route is chosen by route-table.ts's own `firstRemoteIn`, whose source the script carries.
 */
import { TOKEN_KEY } from 'shared-ui/prefetch';
import { THEME_STORAGE_KEY } from 'shared-ui/theme';
import { firstRemoteIn, routeRows } from '../app/route-table';
import { FIRST_MANIFEST } from './first-manifest';

const json = (value: unknown) => JSON.stringify(value);

export function pageStartScript(): string {
  return `(function(){var d=document.documentElement,t=null,k=null;try{t=localStorage.getItem(${json(THEME_STORAGE_KEY)});k=localStorage.getItem(${json(TOKEN_KEY)})}catch(e){}d.dataset.theme=t==='dark'||(t!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches)?'dark':'light';var r=(${firstRemoteIn.toString()})(${json(routeRows)},location.pathname,k!==null);if(r){var u='/remotes/'+r.replace(/_/g,'-')+'/mf-manifest.json',p=fetch(u,{cache:'no-cache',priority:'high',headers:{Accept:'application/json'}});p.catch(function(){});window[${json(FIRST_MANIFEST)}]={url:new URL(u,location.href).href,response:p}}})();`;
}
