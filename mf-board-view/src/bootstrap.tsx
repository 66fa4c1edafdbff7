// Standalone mode (`pnpm --filter mf-board-view dev`): the remote runs on its own, with its own router.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { paths } from 'shared-ui';
import { App } from './app/App';
import { StandaloneHome } from './app/StandaloneHome';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <Routes>
        <Route path={paths.home.pattern} element={<StandaloneHome />} />
        <Route path="*" element={<App />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
