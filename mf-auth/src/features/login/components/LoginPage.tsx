import { Link } from 'react-router-dom';
import { PasswordField, paths, TextField, useAuthForm, useAuthStore, useFormValues } from 'shared-ui';
import { AuthCard } from '../../../components/auth-card/AuthCard';
import { AuthForm } from '../../../components/auth-card/AuthForm';

export function LoginPage() {
  const login = useAuthStore((state) => state.login);
  const form = useAuthForm('login');
  const { values, field } = useFormValues({ email: '', password: '' }, form);

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
      <AuthForm life={form} request={() => login(values)} submitText="Войти" successText="Готово">
        <TextField label="Email" type="email" inputMode="email" autoComplete="email" {...field('email')} />
        <PasswordField label="Пароль" autoComplete="current-password" {...field('password')} />
      </AuthForm>
    </AuthCard>
  );
}
