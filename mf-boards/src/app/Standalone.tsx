/**
 * Standalone only (`pnpm --filter mf-boards dev`): the shell normally provides the header, /login and
 * /board/:id. Here a thin bar, a bare sign-in form (against the API proxied to :3000) and a stub for
 * board links stand in for them.
 */
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Button, FormError, PasswordField, paths, TextField, useAuthStore } from 'shared-ui';
import './standalone.css';

export function StandaloneBar() {
  const token = useAuthStore((state) => state.token);
  const logout = useAuthStore((state) => state.logout);
  return (
    <header className="standalone-bar">
      <Link to={paths.home.href()} className="standalone-bar__logo">
        mf-boards <small>standalone</small>
      </Link>
      {token ? (
        <Button size="small" variant="secondary" onClick={logout}>
          Выход
        </Button>
      ) : (
        <Link to={paths.login.href()}>Вход</Link>
      )}
    </header>
  );
}

export function StandaloneSignIn() {
  const { status, errors } = useAuthStore((state) => state.forms.login);
  const login = useAuthStore((state) => state.login);
  const clearError = useAuthStore((state) => state.clearError);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
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

export function StandaloneElsewhere() {
  const { boardId } = useParams();
  return (
    <div className="standalone-page">
      <h1>Доска {boardId}</h1>
      <p>Экран доски — это mf-board-view; в составе shell ссылка откроет его.</p>
      <Link to={paths.home.href()}>← Мои доски</Link>
    </div>
  );
}
