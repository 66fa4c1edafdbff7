import { Route, Routes } from 'react-router-dom';
import { paths } from 'shared-ui';
import { SettingsPage } from './SettingsPage';

/**
 * Absolute paths from shared-ui: the shell mounts this outside any <Route>, behind its signed-in guard
 * (so the current user is loaded before the page renders). Any other path renders nothing rather than
 * redirecting: while the shell swaps remotes (after 'Вернуться назад') this one must not pull the URL back.
 */
export function App() {
  return (
    <Routes>
      <Route path={paths.settings.pattern} element={<SettingsPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
