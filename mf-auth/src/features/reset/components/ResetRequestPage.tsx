import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, FormError, paths, TextField } from 'shared-ui';
import { AuthCard } from '../../../components/auth-card/AuthCard';
import { createReset } from '../api/create-reset';
import { useSubmit } from './use-submit';

export function ResetRequestPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const { status, errors, run, onClearError } = useSubmit();
  const firstField = useRef<HTMLInputElement>(null);

  useEffect(() => firstField.current?.focus(), []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const { id } = await createReset(email);
      navigate(paths.resetValidate.href({ resetId: id }));
    });
  };

  return (
    <AuthCard
      title="Сбросить пароль"
      description="Укажите e-mail, с которым вы регистрировались. Мы отправим на него код подтверждения."
      footer={<Link to={paths.login.href()}>Вернуться ко входу</Link>}
    >
      <form noValidate onSubmit={onSubmit}>
        <FormError>{errors.message}</FormError>
        <TextField
          ref={firstField}
          label="Email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
          onClearError={onClearError}
        />
        <div className="auth-card__actions">
          <Button type="submit" status={status} fullWidth>
            Сбросить
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
