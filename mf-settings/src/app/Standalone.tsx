/**
 * Standalone only (`pnpm --filter mf-settings dev`): the shell normally provides the header, /login and
 * the signed-in guard that loads the current user. Here a thin bar, a bare sign-in form (against the
 * API proxied to :3000) and a small guard stand in for them.
 */
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { Avatar, Button, FormError, PasswordField, paths, Spinner, TextField, useAuthStore } from 'shared-ui';
import './standalone.css';

export function StandaloneBar() {
  const token = useAuthStore((state) => state.token);
  const user = useAuthStore((state) => state.user);
  const logout = useAuthStore((state) => state.logout);
  return (
    <header className="standalone-bar">
      <Link to={paths.settings.href()} className="standalone-bar__logo">
        mf-settings <small>standalone</small>
      </Link>
      {token ? (
        <span className="standalone-bar__user">
          {user && <Avatar user={user} size="medium" isCurrentUser />}
          <Button size="small" variant="secondary" onClick={logout}>
            Выход
          </Button>
        </span>
      ) : (
        <Link to={paths.login.href()}>Вход</Link>
      )}
    </header>
  );
}

/** Like the shell's protected route: a token is needed and nothing shows until the user is loaded. */
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
      <div className="standalone-page" role="alert">
        <p>Не удалось загрузить профиль.</p>
        <Button onClick={() => void loadUser()}>Повторить</Button>
      </div>
    );
  }
  return <Spinner />;
}

export function StandaloneSignIn() {
  const token = useAuthStore((state) => state.token);
  const { status, errors } = useAuthStore((state) => state.forms.login);
  const login = useAuthStore((state) => state.login);
  const clearError = useAuthStore((state) => state.clearError);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  if (token) return <Navigate to={paths.settings.href()} replace />;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void login({ email, password });
  };
  return (
    <form className="standalone-page" noValidate onSubmit={onSubmit}>
      <h1>Вход (standalone)</h1>
      <p>Регистрация живёт в mf-auth; здесь можно только войти существующим аккаунтом.</p>
      <FormError>{errors.message}</FormError>
      <TextField
        label="Email"
        name="email"
        type="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
        onClearError={(key) => clearError('login', key)}
      />
      <PasswordField
        label="Пароль"
        name="password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
        onClearError={(key) => clearError('login', key)}
      />
      <Button type="submit" status={status}>
        Войти
      </Button>
    </form>
  );
}
