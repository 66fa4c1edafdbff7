import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Button, paths } from 'shared-ui';
import type { Access } from './route-table';
import { useCurrentUser } from './use-current-user';

/**
 * Protected pages need a stored token (else /login, which returns here) and the loaded user (nothing is shown until it is
 * there). Login, register and reset send a user with a stored token to /.
 */
export function AccessGuard({ access, children }: { access: Access; children: ReactNode }) {
  const { token, user, status, reload } = useCurrentUser();
  const location = useLocation();

  if (access === 'guest' && token) return <Navigate to={paths.home.href()} replace />;
  if (access !== 'protected') return children;
  // Signing in brings the visitor back to the page they asked for.
  if (!token)
    return (
      <Navigate to={paths.login.href(`${location.pathname}${location.search}${location.hash}`)} replace />
    );
  if (user) return children;
  if (status === 'error') {
    return (
      <div className="shell-user-error" role="alert">
        <p>Не удалось загрузить профиль.</p>
        <Button onClick={() => void reload()}>Повторить</Button>
      </div>
    );
  }
  return null;
}
