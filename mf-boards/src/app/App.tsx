import type { ReactElement } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { paths, useAuthStore } from 'shared-ui';
import { MyTasksPage } from '../features/my-tasks/components/MyTasksPage';
import { HomePage } from './HomePage';

/** Absolute paths from shared-ui: the shell mounts this outside any <Route>, so they match as is. */
export function App() {
  return (
    <Routes>
      <Route path={paths.home.pattern} element={<HomePage />} />
      <Route path={paths.myTasks.pattern} element={<SignedIn page={<MyTasksPage />} />} />
      <Route path="*" element={<Navigate to={paths.home.href()} replace />} />
    </Routes>
  );
}

/** The shell guards /my-tasks itself; standalone, a visitor is sent to sign in the same way. */
function SignedIn({ page }: { page: ReactElement }) {
  const token = useAuthStore((state) => state.token);
  return token ? page : <Navigate to={paths.login.href()} replace />;
}
