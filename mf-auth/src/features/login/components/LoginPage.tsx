import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, FormError, PasswordField, paths, TextField, useAuthStore } from 'shared-ui';
import { AuthCard } from '../../../components/auth-card/AuthCard';

export function LoginPage() {
  const { status, errors } = useAuthStore((state) => state.forms.login);
  const login = useAuthStore((state) => state.login);
  const clearError = useAuthStore((state) => state.clearError);
  const resetStatus = useAuthStore((state) => state.resetStatus);
  const resetForm = useAuthStore((state) => state.resetForm);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const firstField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    firstField.current?.focus();
    // Errors are cleared when the screen is left.
    return () => resetForm('login');
  }, [resetForm]);

  const busy = status === 'processing' || status === 'loading';
  const edited = () => {
    if (status === 'error') resetStatus('login');
  };
  const onClearError = (key: string) => clearError('login', key);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) void login({ email, password });
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
        <FormError>{errors.message}</FormError>
        <TextField
          ref={firstField}
          label="Email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            edited();
          }}
          error={errors.email}
          onClearError={onClearError}
        />
        <PasswordField
          label="Пароль"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            edited();
          }}
          error={errors.password}
          onClearError={onClearError}
        />
        <div className="auth-card__actions">
          <Button type="submit" status={status} successText="Готово" fullWidth>
            Войти
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
