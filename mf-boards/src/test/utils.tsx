import { renderInRouter, setUpFrontEndTests, storeSession } from 'shared-ui/test-kit';
import { beforeEach } from 'vitest';
import { App } from '../app/App';
import { storedViewSettings, useViewSettings } from '../features/board-list/view-settings-store';

/** Renders the exposed App the way the shell does: inside a router, outside any <Route>. */
export function renderApp(path = '/') {
  return renderInRouter(<App />, [path]);
}

/** A stored token, as after login: the page shows the board list. */
export function signIn(userId = 7) {
  storeSession('test-token', { userId });
}

/** Re-reads view settings from localStorage, as a fresh page load would. */
export function reloadViewSettings() {
  useViewSettings.setState(storedViewSettings());
}

setUpFrontEndTests({ pathname: '/', modalRoot: true });
// localStorage is empty as each test starts, so this gives the default view settings.
beforeEach(reloadViewSettings);
