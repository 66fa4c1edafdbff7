import { Navigate, Route, Routes } from 'react-router-dom';
import { paths } from 'shared-ui';
import { HomePage } from './HomePage';

/** Absolute paths from shared-ui: the shell mounts this outside any <Route>, so they match as is. */
export function App() {
  return (
    <Routes>
      <Route path={paths.home.pattern} element={<HomePage />} />
      <Route path="*" element={<Navigate to={paths.home.href()} replace />} />
    </Routes>
  );
}
