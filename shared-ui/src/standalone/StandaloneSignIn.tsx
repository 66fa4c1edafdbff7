import type { FormEvent } from 'react';
import { Navigate } from 'react-router-dom';
import {
  Button,
  FormError,
  PasswordField,
  paths,
  TextField,
  useAuthForm,
  useAuthStore,
  useFormValues,
} from 'shared-ui';
import { StandalonePage } from './StandalonePage';

/**
 * A bare sign-in form for a remote run on its own (against the API its dev server proxies): accounts
 * are created in mf-auth. A signed-in visitor goes to /; so does a successful sign-in (the store reloads).
 */
export function StandaloneSignIn() {
  const token = useAuthStore((state) => state.token);
  const login = useAuthStore((state) => state.login);
  const form = useAuthForm('login');
  const { values, field } = useFormValues({ email: '', password: '' }, form);
  if (token) return <Navigate to={paths.home.href()} replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(() => login(values));
  };
  return (
    <StandalonePage>
      <form noValidate onSubmit={onSubmit}>
        <h1>Вход (standalone)</h1>
        <p>Регистрация живёт в mf-auth; здесь можно только войти существующим аккаунтом.</p>
        <FormError>{form.errors.message}</FormError>
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <PasswordField label="Пароль" autoComplete="current-password" {...field('password')} />
        <Button type="submit" status={form.status}>
          Войти
        </Button>
      </form>
    </StandalonePage>
  );
}
