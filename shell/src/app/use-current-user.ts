import { useEffect } from 'react';
import { useAuthStore } from 'shared-ui';

/** The signed-in user, loaded once when a token is stored but the user is not known yet. */
export function useCurrentUser() {
  const token = useAuthStore((state) => state.token);
  const user = useAuthStore((state) => state.user);
  const status = useAuthStore((state) => state.userStatus);
  const loadUser = useAuthStore((state) => state.loadUser);

  useEffect(() => {
    if (token && !user && status === 'default') void loadUser();
  }, [token, user, status, loadUser]);

  return { token, user, status, reload: loadUser };
}
