import { Link, useSearchParams } from 'react-router-dom';
import { PasswordField, paths, TextField, useAuthForm, useAuthStore, useFormValues } from 'shared-ui';
import { AuthCard } from '../../../components/auth-card/AuthCard';
import { AuthForm } from '../../../components/auth-card/AuthForm';

export function RegisterPage() {
  const register = useAuthStore((state) => state.register);
  const form = useAuthForm('register');
  // An invitation to an address without an account links here with ?email=.
  const [params] = useSearchParams();
  const { values, field } = useFormValues(
    { name: '', email: params.get('email')?.trim() ?? '', password: '', password2: '' },
    form,
  );

  return (
    <AuthCard
      title="Регистрация"
      footer={
        <span>
          Уже есть аккаунт? <Link to={paths.login.href()}>Вход</Link>
        </span>
      }
    >
      <AuthForm
        life={form}
        request={() => register(values)}
        submitText="Зарегистрироваться"
        successText="Готово"
      >
        <TextField label="Имя" autoComplete="name" {...field('name')} />
        <TextField label="Email" type="email" inputMode="email" autoComplete="email" {...field('email')} />
        <PasswordField label="Пароль" autoComplete="new-password" {...field('password')} />
        <PasswordField label="Повторите пароль" autoComplete="new-password" {...field('password2')} />
      </AuthForm>
    </AuthCard>
  );
}
