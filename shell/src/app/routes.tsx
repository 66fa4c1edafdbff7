import { lazy, type ReactNode } from 'react';
import { paths } from 'shared-ui';
import { HomePlaceholder } from '../pages/HomePlaceholder';
import { mfAuth } from '../remotes/mf-auth';
import { mfBoardView } from '../remotes/mf-board-view';
import { mfBoards } from '../remotes/mf-boards';
import { mfSettings } from '../remotes/mf-settings';
import type { RemoteDefinition } from '../remotes/remote-definition';
import { type Access, type RemoteName, routeTable } from './route-table';

interface RemoteRoute {
  path: string;
  access: Access;
  remote: RemoteDefinition;
  /** Shown when the remote is not deployed, instead of the error area. */
  whenMissing?: ReactNode;
}

/** A page of the shell itself (loaded on demand, so it costs the first load nothing). */
interface PageRoute {
  path: string;
  access: Access;
  page: ReactNode;
}

export type ShellRoute = RemoteRoute | PageRoute;

const AboutPage = lazy(() => import('../pages/about/AboutPage'));

const remotes: Record<RemoteName, RemoteDefinition> = {
  mf_auth: mfAuth,
  mf_boards: mfBoards,
  mf_board_view: mfBoardView,
  mf_settings: mfSettings,
};

/** The route table (route-table.ts) with what each route mounts. Any other path redirects to /. */
export const shellRoutes: ShellRoute[] = routeTable.map((route) =>
  'page' in route
    ? { path: route.path, access: route.access, page: <AboutPage /> }
    : {
        path: route.path,
        access: route.access,
        remote: remotes[route.remote],
        ...(route.path === paths.home.pattern && { whenMissing: <HomePlaceholder /> }),
      },
);
