/**
 * The route table of SPEC.md section 2 plus the shell's own /about: which remote (or shell page) each
 * route mounts and who may see it. React-free, so the shell can read it as the page starts, before its
 * shared modules load (federation/first-route.ts, and index.html's page-start script), and build its
 * React routes from it (routes.tsx).
 */
import { paths } from 'shared-ui/paths';

export type Access = 'public' | 'guest' | 'protected';

/** The remotes' federation names, keys of /remotes.json. */
export type RemoteName = 'mf_auth' | 'mf_boards' | 'mf_board_view' | 'mf_settings';

export type RouteEntry =
  | { path: string; access: Access; remote: RemoteName }
  | { path: string; access: Access; page: 'about' };

export const routeTable: readonly RouteEntry[] = [
  { path: paths.home.pattern, access: 'public', remote: 'mf_boards' },
  { path: paths.login.pattern, access: 'guest', remote: 'mf_auth' },
  { path: paths.register.pattern, access: 'guest', remote: 'mf_auth' },
  { path: paths.reset.pattern, access: 'guest', remote: 'mf_auth' },
  { path: paths.resetValidate.pattern, access: 'guest', remote: 'mf_auth' },
  { path: paths.resetFinish.pattern, access: 'guest', remote: 'mf_auth' },
  { path: paths.resetSuccess.pattern, access: 'guest', remote: 'mf_auth' },
  { path: paths.myTasks.pattern, access: 'protected', remote: 'mf_boards' },
  { path: paths.settings.pattern, access: 'protected', remote: 'mf_settings' },
  { path: paths.board.pattern, access: 'protected', remote: 'mf_board_view' },
  { path: paths.boardTask.pattern, access: 'protected', remote: 'mf_board_view' },
  // A public link's read-only board: anyone, signed in or not, sees the same page.
  { path: paths.publicBoard.pattern, access: 'public', remote: 'mf_board_view' },
  { path: paths.publicTask.pattern, access: 'public', remote: 'mf_board_view' },
  { path: paths.about.pattern, access: 'public', page: 'about' },
];

/** What the page-start script needs of the table: [path, access, remote or null] per route. */
export type RouteRow = readonly [path: string, access: Access, remote: RemoteName | null];

export const routeRows: readonly RouteRow[] = routeTable.map((route) => [
  route.path,
  route.access,
  'remote' in route ? route.remote : null,
]);

/**
 * The remote the page at `pathname` shows first, as the guards will decide it: a guest route with a
 * stored token goes to /, a protected one without goes to /login, an unknown path goes to /. Null for
 * the shell's own pages. Self-contained (no outside names), because index.html's page-start script
 * carries its source (federation/page-start.ts).
 */
export function firstRemoteIn(
  rows: readonly RouteRow[],
  pathname: string,
  signedIn: boolean,
): RemoteName | null {
  const find = (path: string) => {
    const have = path.split('/').filter(Boolean);
    return rows.find(([pattern]) => {
      const want = pattern.split('/').filter(Boolean);
      return want.length === have.length && want.every((part, i) => part.startsWith(':') || part === have[i]);
    });
  };
  let row = find(pathname);
  if (!row || (row[1] === 'guest' && signedIn)) row = find('/');
  else if (row[1] === 'protected' && !signedIn) row = find('/login');
  return row ? row[2] : null;
}

export const firstRemote = (pathname: string, signedIn: boolean) =>
  firstRemoteIn(routeRows, pathname, signedIn);
