// Standalone mode (`pnpm --filter mf-settings dev`): the remote runs on its own, with its own router.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { paths } from 'shared-ui';
import { App } from './app/App';
import { SignedIn, StandaloneBar, StandaloneSignIn } from './app/Standalone';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <StandaloneBar />
      <Routes>
        <Route path={paths.login.pattern} element={<StandaloneSignIn />} />
        <Route path={paths.home.pattern} element={<Navigate to={paths.settings.href()} replace />} />
        <Route
          path="*"
          element={
            <SignedIn>
              <App />
            </SignedIn>
          }
        />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
