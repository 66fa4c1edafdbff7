import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { paths, TextField, useFormValues, useSubmit } from 'shared-ui';
import { AuthCard } from '../../../components/auth-card/AuthCard';
import { AuthForm } from '../../../components/auth-card/AuthForm';
import { validateReset } from '../api/validate-reset';

export function ResetValidatePage() {
  const navigate = useNavigate();
  const { resetId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const form = useSubmit();
  // The link in the e-mail carries the code: /reset/validate/{id}?code=...
  const { values, field } = useFormValues({ code: searchParams.get('code') ?? '' }, form);

  const request = async () => {
    const { id } = await validateReset(resetId, values.code);
    navigate(paths.resetFinish.href({ resetId: id }));
  };

  return (
    <AuthCard
      title="Подтверждение"
      description="Мы отправили код на вашу почту. Введите его ниже — код действует 15 минут."
      footer={<Link to={paths.reset.href()}>Запросить новый код</Link>}
    >
      <AuthForm
        life={form}
        request={request}
        error={form.errors.message ?? form.errors.resetId}
        submitText="Подтвердить"
      >
        <TextField
          label="Код из письма"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          {...field('code')}
        />
      </AuthForm>
    </AuthCard>
  );
}
