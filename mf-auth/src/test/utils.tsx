import { renderInRouter, setUpFrontEndTests } from 'shared-ui/test-kit';
import { afterEach } from 'vitest';
import { App } from '../app/App';
import { forgetProviders } from '../features/oidc';

/** Renders the exposed App the way the shell does: inside a router, outside any <Route>. */
export function renderApp(path: string) {
  return renderInRouter(<App />, [path]);
}

setUpFrontEndTests({ pathname: '/login' });
afterEach(forgetProviders);
