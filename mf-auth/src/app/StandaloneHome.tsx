import { Link } from 'react-router-dom';
import { Button, paths, useAuthStore } from 'shared-ui';
import { AuthCard } from '../components/auth-card/AuthCard';

/** Standalone only: where a successful login or register lands (the shell has the real '/'). */
export function StandaloneHome() {
  const token = useAuthStore((state) => state.token);
  const logout = useAuthStore((state) => state.logout);
  if (!token) {
    return (
      <AuthCard title="mf-auth">
        <p>
          <Link to={paths.login.href()}>Вход</Link> · <Link to={paths.register.href()}>Регистрация</Link> ·{' '}
          <Link to={paths.reset.href()}>Сброс пароля</Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Вы вошли">
      <Button variant="secondary" onClick={logout}>
        Выход
      </Button>
    </AuthCard>
  );
}
