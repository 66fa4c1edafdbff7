import { type FormEvent, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
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

export function RegisterPage() {
  const register = useAuthStore((state) => state.register);
  const form = useAuthForm('register');
  // An invitation to an address without an account links here with ?email=.
  const [params] = useSearchParams();
  const { values, field } = useFormValues(
    { name: '', email: params.get('email')?.trim() ?? '', password: '', password2: '' },
    form,
  );
  const firstField = useRef<HTMLInputElement>(null);

  useEffect(() => firstField.current?.focus(), []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(() => register(values));
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
        <FormError>{form.errors.message}</FormError>
        <TextField ref={firstField} label="Имя" autoComplete="name" {...field('name')} />
        <TextField label="Email" type="email" inputMode="email" autoComplete="email" {...field('email')} />
        <PasswordField label="Пароль" autoComplete="new-password" {...field('password')} />
        <PasswordField label="Повторите пароль" autoComplete="new-password" {...field('password2')} />
        <div className="auth-card__actions">
          <Button type="submit" status={form.status} successText="Готово" fullWidth>
            Зарегистрироваться
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
