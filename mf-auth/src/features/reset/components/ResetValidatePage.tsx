import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Button, FormError, paths, TextField } from 'shared-ui';
import { AuthCard } from '../../../components/auth-card/AuthCard';
import { validateReset } from '../api/validate-reset';
import { useSubmit } from './use-submit';

export function ResetValidatePage() {
  const navigate = useNavigate();
  const { resetId = '' } = useParams();
  const [searchParams] = useSearchParams();
  // The link in the e-mail carries the code: /reset/validate/{id}?code=...
  const [code, setCode] = useState(() => searchParams.get('code') ?? '');
  const { status, errors, run, onClearError } = useSubmit();
  const firstField = useRef<HTMLInputElement>(null);

  useEffect(() => firstField.current?.focus(), []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const { id } = await validateReset(resetId, code);
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
        <FormError>{errors.message ?? errors.resetId}</FormError>
        <TextField
          ref={firstField}
          label="Код из письма"
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={errors.code}
          onClearError={onClearError}
        />
        <div className="auth-card__actions">
          <Button type="submit" status={status} fullWidth>
            Подтвердить
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
