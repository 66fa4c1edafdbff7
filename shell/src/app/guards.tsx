import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { Button, paths } from 'shared-ui';
import type { Access } from './route-table';
import { useCurrentUser } from './use-current-user';

/**
 * Protected pages need a stored token (else /login) and the loaded user (nothing is shown until it is
 * there). Login, register and reset send a user with a stored token to /.
 */
export function AccessGuard({ access, children }: { access: Access; children: ReactNode }) {
  const { token, user, status, reload } = useCurrentUser();

  if (access === 'guest' && token) return <Navigate to={paths.home.href()} replace />;
  if (access !== 'protected') return children;
  if (!token) return <Navigate to={paths.login.href()} replace />;
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
