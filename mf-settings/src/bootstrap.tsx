// Standalone mode (`pnpm --filter mf-settings dev`): the remote runs on its own, with its own router.
import { Navigate } from 'react-router-dom';
import { paths } from 'shared-ui';
import { renderStandalone, StandaloneBar, StandaloneSignIn } from 'shared-ui/standalone';
import { App } from './app/App';
import { SignedIn } from './app/SignedIn';

renderStandalone({
  app: (
    <SignedIn>
      <App />
    </SignedIn>
  ),
  bar: <StandaloneBar name="mf-settings" />,
  pages: {
    [paths.login.pattern]: <StandaloneSignIn />,
    [paths.home.pattern]: <Navigate to={paths.settings.href()} replace />,
  },
});
