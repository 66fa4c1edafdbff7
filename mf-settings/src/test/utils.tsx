import type { User } from 'shared-ui';
import { calls, renderInRouter, routeApi, setUpFrontEndTests, storeSession } from 'shared-ui/test-kit';
import { beforeEach } from 'vitest';
import { App } from '../app/App';

/** Renders the exposed App the way the shell does: inside a router, outside any <Route>. */
export function renderApp(entries: string[] = ['/settings']) {
  return renderInRouter(<App />, entries);
}

export const ME: User = {
  id: 7,
  name: 'Анна',
  email: 'anna@example.com',
  gender: null,
  avatar: null,
  emailReminders: false,
  emailNotifications: 'instant',
};

/** Signed in with the user loaded, as the shell's guard leaves it. */
export function signIn(user: User = ME) {
  storeSession('old-token', { userId: user.id, user, userStatus: 'success' });
}

setUpFrontEndTests({ pathname: '/settings', modalRoot: true });
// Every call answers 404 until a test routes it.
beforeEach(() => routeApi({}));

/** What sections read as the page opens: two-factor sign-in, the calendar link (reminders), API tokens. */
const PAGE_READS = ['GET /api/auth/2fa', 'GET /api/calendar/token', 'GET /api/tokens'];

/** The calls made so far, without the sections' own reads as the page opens. */
export const callsBesidePageReads = () => calls().filter((call) => !PAGE_READS.includes(call));
