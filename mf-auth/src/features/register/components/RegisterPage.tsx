import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, FormError, PasswordField, paths, TextField, useAuthStore } from 'shared-ui';
import { AuthCard } from '../../../components/auth-card/AuthCard';

const empty = { name: '', email: '', password: '', password2: '' };
type Values = typeof empty;

export function RegisterPage() {
  const { status, errors } = useAuthStore((state) => state.forms.register);
  const register = useAuthStore((state) => state.register);
  const clearError = useAuthStore((state) => state.clearError);
  const resetStatus = useAuthStore((state) => state.resetStatus);
  const resetForm = useAuthStore((state) => state.resetForm);
  // An invitation to an address without an account links here with ?email=.
  const [params] = useSearchParams();
  const [values, setValues] = useState<Values>(() => ({
    ...empty,
    email: params.get('email')?.trim() ?? '',
  }));
  const firstField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    firstField.current?.focus();
    return () => resetForm('register');
  }, [resetForm]);

  const busy = status === 'processing' || status === 'loading';
  const field = (name: keyof Values) => ({
    name,
    value: values[name],
    error: errors[name],
    onClearError: (key: string) => clearError('register', key),
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      if (status === 'error') resetStatus('register');
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) void register(values);
  };

  return (
    <AuthCard
      title="Регистрация"
      footer={
        <span>
          Уже есть аккаунт? <Link to={paths.login.href()}>Вход</Link>
        </span>
      }
    >
      <form noValidate onSubmit={onSubmit}>
        <FormError>{errors.message}</FormError>
        <TextField ref={firstField} label="Имя" autoComplete="name" {...field('name')} />
        <TextField label="Email" type="email" inputMode="email" autoComplete="email" {...field('email')} />
        <PasswordField label="Пароль" autoComplete="new-password" {...field('password')} />
        <PasswordField label="Повторите пароль" autoComplete="new-password" {...field('password2')} />
        <div className="auth-card__actions">
          <Button type="submit" status={status} successText="Готово" fullWidth>
            Зарегистрироваться
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
