// Standalone mode (`pnpm --filter mf-auth dev`): the remote runs on its own, with its own router.
import { paths } from 'shared-ui';
import { renderStandalone } from 'shared-ui/standalone';
import { App } from './app/App';
import { StandaloneHome } from './app/StandaloneHome';

renderStandalone({ app: <App />, pages: { [paths.home.pattern]: <StandaloneHome /> } });
