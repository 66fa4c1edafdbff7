import { type FormEvent, useEffect, useRef } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Button, FormError, paths, TextField, useFormValues, useSubmit } from 'shared-ui';
import { AuthCard } from '../../../components/auth-card/AuthCard';
import { validateReset } from '../api/validate-reset';

export function ResetValidatePage() {
  const navigate = useNavigate();
  const { resetId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const form = useSubmit();
  // The link in the e-mail carries the code: /reset/validate/{id}?code=...
  const { values, field } = useFormValues({ code: searchParams.get('code') ?? '' }, form);
  const firstField = useRef<HTMLInputElement>(null);

  useEffect(() => firstField.current?.focus(), []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(async () => {
      const { id } = await validateReset(resetId, values.code);
      navigate(paths.resetFinish.href({ resetId: id }));
    });
  };

  return (
    <AuthCard
      title="Подтверждение"
      description="Мы отправили код на вашу почту. Введите его ниже — код действует 15 минут."
      footer={<Link to={paths.reset.href()}>Запросить новый код</Link>}
    >
      <form noValidate onSubmit={onSubmit}>
        <FormError>{form.errors.message ?? form.errors.resetId}</FormError>
        <TextField
          ref={firstField}
          label="Код из письма"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          {...field('code')}
        />
        <div className="auth-card__actions">
          <Button type="submit" status={form.status} fullWidth>
            Подтвердить
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
