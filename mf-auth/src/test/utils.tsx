import { renderInRouter, setUpFrontEndTests } from 'shared-ui/test-kit';
import { App } from '../app/App';

/** Renders the exposed App the way the shell does: inside a router, outside any <Route>. */
export function renderApp(path: string) {
  return renderInRouter(<App />, [path]);
}

setUpFrontEndTests({ pathname: '/login' });
