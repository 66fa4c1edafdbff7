import { lazy, type ReactNode } from 'react';
import { paths } from 'shared-ui';
import { HomePlaceholder } from '../pages/HomePlaceholder';
import { mfAuth } from '../remotes/mf-auth';
import { mfBoardView } from '../remotes/mf-board-view';
import { mfBoards } from '../remotes/mf-boards';
import { mfSettings } from '../remotes/mf-settings';
import type { RemoteDefinition } from '../remotes/remote-definition';
import type { Access } from './guards';

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

/** The route table of SPEC.md section 2, plus the shell's own /about. Any other path redirects to /. */
export const shellRoutes: ShellRoute[] = [
  { path: paths.home.pattern, access: 'public', remote: mfBoards, whenMissing: <HomePlaceholder /> },
  { path: paths.login.pattern, access: 'guest', remote: mfAuth },
  { path: paths.register.pattern, access: 'guest', remote: mfAuth },
  { path: paths.reset.pattern, access: 'guest', remote: mfAuth },
  { path: paths.resetValidate.pattern, access: 'guest', remote: mfAuth },
  { path: paths.resetFinish.pattern, access: 'guest', remote: mfAuth },
  { path: paths.resetSuccess.pattern, access: 'guest', remote: mfAuth },
  { path: paths.myTasks.pattern, access: 'protected', remote: mfBoards },
  { path: paths.settings.pattern, access: 'protected', remote: mfSettings },
  { path: paths.board.pattern, access: 'protected', remote: mfBoardView },
  { path: paths.boardTask.pattern, access: 'protected', remote: mfBoardView },
  { path: paths.about.pattern, access: 'public', page: <AboutPage /> },
];
