// Standalone mode (`pnpm --filter mf-boards dev`): the remote runs on its own, with its own router.
import { paths } from 'shared-ui';
import { renderStandalone, StandaloneBar, StandaloneSignIn } from 'shared-ui/standalone';
import { App } from './app/App';
import { StandaloneBoard } from './app/StandaloneBoard';

renderStandalone({
  app: <App />,
  bar: <StandaloneBar name="mf-boards" />,
  pages: {
    [paths.login.pattern]: <StandaloneSignIn />,
    [paths.register.pattern]: <StandaloneSignIn />,
    [paths.board.pattern]: <StandaloneBoard />,
    [paths.boardTask.pattern]: <StandaloneBoard />,
  },
});
