// Standalone mode (`pnpm --filter mf-boards dev`): the remote runs on its own, with its own router.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { paths } from 'shared-ui';
import { App } from './app/App';
import { StandaloneBar, StandaloneElsewhere, StandaloneSignIn } from './app/Standalone';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <StandaloneBar />
      <Routes>
        <Route path={paths.login.pattern} element={<StandaloneSignIn />} />
        <Route path={paths.register.pattern} element={<StandaloneSignIn />} />
        <Route path={paths.board.pattern} element={<StandaloneElsewhere />} />
        <Route path={paths.boardTask.pattern} element={<StandaloneElsewhere />} />
        <Route path="*" element={<App />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
