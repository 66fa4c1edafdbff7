import { type FormEvent, useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
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
import { AuthCard } from '../../../components/auth-card/AuthCard';

export function LoginPage() {
  const login = useAuthStore((state) => state.login);
  const form = useAuthForm('login');
  const { values, field } = useFormValues({ email: '', password: '' }, form);
  const firstField = useRef<HTMLInputElement>(null);

  useEffect(() => firstField.current?.focus(), []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(() => login(values));
  };

  return (
    <AuthCard
      title="Вход"
      footer={
        <>
          <Link to={paths.reset.href()}>Сбросить пароль</Link>
          <span>
            Нет аккаунта? <Link to={paths.register.href()}>Регистрация</Link>
          </span>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit}>
        <FormError>{form.errors.message}</FormError>
        <TextField
          ref={firstField}
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          {...field('email')}
        />
        <PasswordField label="Пароль" autoComplete="current-password" {...field('password')} />
        <div className="auth-card__actions">
          <Button type="submit" status={form.status} successText="Готово" fullWidth>
            Войти
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
