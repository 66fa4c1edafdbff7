import { type ReactNode, useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { Button, paths, Spinner, useAuthStore } from 'shared-ui';
import { StandalonePage } from 'shared-ui/standalone';

/**
 * Standalone only (`pnpm --filter mf-settings dev`), like the shell's protected route: a token is
 * needed and nothing shows until the current user is loaded.
 */
export function SignedIn({ children }: { children: ReactNode }) {
  const token = useAuthStore((state) => state.token);
  const user = useAuthStore((state) => state.user);
  const userStatus = useAuthStore((state) => state.userStatus);
  const loadUser = useAuthStore((state) => state.loadUser);
  useEffect(() => {
    if (token && !user) void loadUser();
  }, [token, user, loadUser]);
  if (!token) return <Navigate to={paths.login.href()} replace />;
  if (user) return children;
  if (userStatus === 'error') {
    return (
      <StandalonePage role="alert">
        <p>Не удалось загрузить профиль.</p>
        <Button onClick={() => void loadUser()}>Повторить</Button>
      </StandalonePage>
    );
  }
  return <Spinner />;
}
