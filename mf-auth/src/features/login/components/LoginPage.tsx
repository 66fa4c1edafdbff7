import { Link } from 'react-router-dom';
import {
  FormError,
  type FormLife,
  PasswordField,
  paths,
  TextField,
  useAuthForm,
  useAuthStore,
  useFormValues,
} from 'shared-ui';
import { AuthCard } from '../../../components/auth-card/AuthCard';
import { AuthForm } from '../../../components/auth-card/AuthForm';
import { ProviderButtons, useOidcLanding, useProviders } from '../../oidc';

/**
 * The second step of a sign-in with two-factor sign-in on: a code from the app or a recovery code.
 * It shares the login form's life, so a lapsed ticket's message survives the way back.
 */
function SecondStep({ form }: { form: FormLife }) {
  const loginSecondStep = useAuthStore((state) => state.loginSecondStep);
  const cancel = useAuthStore((state) => state.cancelSecondStep);
  const { values, field } = useFormValues({ code: '' }, form);

  return (
    <AuthCard
      title="Вход"
      description="Введите код из приложения-аутентификатора или один из кодов восстановления."
      footer={
        <button type="button" className="auth-card__link" onClick={cancel}>
          Войти с другим паролем или e-mail
        </button>
      }
    >
      <AuthForm
        life={form}
        request={() => loginSecondStep(values.code)}
        submitText="Войти"
        successText="Готово"
      >
        <TextField
          label="Код из приложения"
          autoComplete="one-time-code"
          spellCheck={false}
          autoCapitalize="off"
          {...field('code')}
        />
      </AuthForm>
    </AuthCard>
  );
}

export function LoginPage() {
  const login = useAuthStore((state) => state.login);
  const secondStep = useAuthStore((state) => state.secondFactor !== null);
  const form = useAuthForm('login');
  const { values, field } = useFormValues({ email: '', password: '' }, form);
  const providers = useProviders();
  const landing = useOidcLanding();
  // With OIDC_ONLY the provider is the only way in: no password, no registration.
  const passwordOff = providers.some((provider) => provider.only);
  // The provider's failure, or a one-time code that lapsed before the page traded it.
  const providerError = landing.error ?? form.errors.code;

  if (secondStep) return <SecondStep form={form} />;

  if (landing.finishing) {
    return (
      <AuthCard title="Вход">
        <p className="auth-card__description" role="status">
          Входим…
        </p>
      </AuthCard>
    );
  }

  if (passwordOff) {
    return (
      <AuthCard title="Вход">
        <FormError>{providerError}</FormError>
        <ProviderButtons providers={providers} divided={false} />
      </AuthCard>
    );
  }

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
      <AuthForm
        life={form}
        request={() => login(values)}
        error={providerError}
        submitText="Войти"
        successText="Готово"
      >
        <TextField label="Email" type="email" inputMode="email" autoComplete="email" {...field('email')} />
        <PasswordField label="Пароль" autoComplete="current-password" {...field('password')} />
      </AuthForm>
      <ProviderButtons providers={providers} divided />
    </AuthCard>
  );
}
