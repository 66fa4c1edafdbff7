import { lazy, type ReactElement, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { paths, Spinner, useAuthStore } from 'shared-ui';
import { HomePage } from './HomePage';

// Its own chunk: the main page, the first screen of most visits, does not carry it.
const MyTasksPage = lazy(() =>
  import('../features/my-tasks/components/MyTasksPage').then((module) => ({ default: module.MyTasksPage })),
);

/** Absolute paths from shared-ui: the shell mounts this outside any <Route>, so they match as is. */
export function App() {
  return (
    <Routes>
      <Route path={paths.home.pattern} element={<HomePage />} />
      <Route
        path={paths.myTasks.pattern}
        element={
          <SignedIn>
            <Suspense fallback={<Spinner label="Загрузка задач" />}>
              <MyTasksPage />
            </Suspense>
          </SignedIn>
        }
      />
      <Route path="*" element={<Navigate to={paths.home.href()} replace />} />
    </Routes>
  );
}

/** The shell guards /my-tasks itself; standalone, a visitor is sent to sign in the same way. */
function SignedIn({ children }: { children: ReactElement }) {
  const token = useAuthStore((state) => state.token);
  return token ? children : <Navigate to={paths.login.href()} replace />;
}
