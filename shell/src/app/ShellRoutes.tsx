/**
 * Picks the shell route for the current URL with react-router's matchRoutes and mounts its remote
 * outside any <Route> context. That way each remote's own <Routes> match absolute paths from
 * shared-ui `paths` (a descendant <Routes> under <Route path="/login"> would only see what follows
 * "/login"), and a remote stays mounted while the URL moves between its screens.
 */
import { Suspense } from 'react';
import { matchRoutes, Navigate, useLocation } from 'react-router-dom';
import { paths, Spinner } from 'shared-ui';
import { RemoteSlot } from '../components/remote-slot/RemoteSlot';
import { AccessGuard } from './guards';
import { type ShellRoute, shellRoutes } from './routes';

export function ShellRoutes({ routes = shellRoutes }: { routes?: ShellRoute[] }) {
  const location = useLocation();
  const route = matchRoutes(routes, location)?.[0]?.route;
  if (!route) return <Navigate to={paths.home.href()} replace />;
  return (
    <AccessGuard access={route.access}>
      {'page' in route ? (
        <Suspense fallback={<Spinner />}>{route.page}</Suspense>
      ) : (
        <RemoteSlot key={route.remote.name} remote={route.remote} whenMissing={route.whenMissing} />
      )}
    </AccessGuard>
  );
}
