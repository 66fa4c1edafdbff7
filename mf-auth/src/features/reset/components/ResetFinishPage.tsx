import { Link, useNavigate, useParams } from 'react-router-dom';
import { PasswordField, paths, useFormValues, useSubmit } from 'shared-ui';
import { AuthCard } from '../../../components/auth-card/AuthCard';
import { AuthForm } from '../../../components/auth-card/AuthForm';
import { finishReset } from '../api/finish-reset';

export function ResetFinishPage() {
  const navigate = useNavigate();
  const { resetId = '' } = useParams();
  const form = useSubmit();
  const { values, field } = useFormValues({ password: '', password2: '' }, form);

  const request = async () => {
    const { isCompleted } = await finishReset(resetId, values.password, values.password2);
    if (isCompleted) navigate(paths.resetSuccess.href());
    else form.setErrors({ message: 'Не удалось сбросить пароль. Запросите новый код.' });
  };

  return (
    <AuthCard
      title="Новый пароль"
      description="Придумайте новый пароль. После сохранения войдите с ним заново на всех устройствах."
      footer={<Link to={paths.reset.href()}>Начать заново</Link>}
    >
      <AuthForm
        life={form}
        request={request}
        error={form.errors.message ?? form.errors.resetId}
        submitText="Сохранить"
      >
        <PasswordField label="Новый пароль" autoComplete="new-password" {...field('password')} />
        <PasswordField label="Повторите пароль" autoComplete="new-password" {...field('password2')} />
      </AuthForm>
    </AuthCard>
  );
}
