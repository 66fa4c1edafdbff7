import { passwordOffText } from 'contract/oidc-text';
import { Link, useSearchParams } from 'react-router-dom';
import { PasswordField, paths, TextField, useAuthForm, useAuthStore, useFormValues } from 'shared-ui';
import { AuthCard } from '../../../components/auth-card/AuthCard';
import { AuthForm } from '../../../components/auth-card/AuthForm';
import { ProviderButtons, useProviders } from '../../oidc';

export function RegisterPage() {
  const register = useAuthStore((state) => state.register);
  const form = useAuthForm('register');
  // An invitation to an address without an account links here with ?email=.
  const [params] = useSearchParams();
  const { values, field } = useFormValues(
    { name: '', email: params.get('email')?.trim() ?? '', password: '', password2: '' },
    form,
  );
  const providers = useProviders();
  const passwordOff = providers.find((provider) => provider.only);

  if (passwordOff) {
    return (
      <AuthCard title="Регистрация" description={passwordOffText(passwordOff.name)}>
        <ProviderButtons providers={providers} divided={false} />
      </AuthCard>
    );
  }

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
      <ProviderButtons providers={providers} divided />
    </AuthCard>
  );
}
