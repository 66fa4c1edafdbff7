import { Link, useNavigate } from 'react-router-dom';
import { paths, TextField, useFormValues, useSubmit } from 'shared-ui';
import { AuthCard } from '../../../components/auth-card/AuthCard';
import { AuthForm } from '../../../components/auth-card/AuthForm';
import { createReset } from '../api/create-reset';

export function ResetRequestPage() {
  const navigate = useNavigate();
  const form = useSubmit();
  const { values, field } = useFormValues({ email: '' }, form);

  const request = async () => {
    const { id } = await createReset(values.email);
    navigate(paths.resetValidate.href({ resetId: id }));
  };

  return (
    <AuthCard
      title="Сбросить пароль"
      description="Укажите e-mail, с которым вы регистрировались. Мы отправим на него код подтверждения."
      footer={<Link to={paths.login.href()}>Вернуться ко входу</Link>}
    >
      <AuthForm life={form} request={request} submitText="Сбросить">
        <TextField label="Email" type="email" inputMode="email" autoComplete="email" {...field('email')} />
      </AuthForm>
    </AuthCard>
  );
}
