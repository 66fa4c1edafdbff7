import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button, FormError, PasswordField, paths } from 'shared-ui';
import { AuthCard } from '../../../components/auth-card/AuthCard';
import { finishReset } from '../api/finish-reset';
import { useSubmit } from './use-submit';

export function ResetFinishPage() {
  const navigate = useNavigate();
  const { resetId = '' } = useParams();
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const { status, errors, setErrors, run, onClearError } = useSubmit();
  const firstField = useRef<HTMLInputElement>(null);

  useEffect(() => firstField.current?.focus(), []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const { isCompleted } = await finishReset(resetId, password, password2);
      if (isCompleted) navigate(paths.resetSuccess.href());
      else setErrors({ message: 'Не удалось сбросить пароль. Запросите новый код.' });
    });
  };

  return (
    <AuthCard
      title="Новый пароль"
      description="Придумайте новый пароль. После сохранения войдите с ним заново на всех устройствах."
      footer={<Link to={paths.reset.href()}>Начать заново</Link>}
    >
      <form noValidate onSubmit={onSubmit}>
        <FormError>{errors.message ?? errors.resetId}</FormError>
        <PasswordField
          ref={firstField}
          label="Новый пароль"
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
          onClearError={onClearError}
        />
        <PasswordField
          label="Повторите пароль"
          name="password2"
          autoComplete="new-password"
          value={password2}
          onChange={(event) => setPassword2(event.target.value)}
          error={errors.password2}
          onClearError={onClearError}
        />
        <div className="auth-card__actions">
          <Button type="submit" status={status} fullWidth>
            Сохранить
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
