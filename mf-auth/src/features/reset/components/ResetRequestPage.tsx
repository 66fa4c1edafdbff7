import { type FormEvent, useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, FormError, paths, TextField, useFormValues, useSubmit } from 'shared-ui';
import { AuthCard } from '../../../components/auth-card/AuthCard';
import { createReset } from '../api/create-reset';

export function ResetRequestPage() {
  const navigate = useNavigate();
  const form = useSubmit();
  const { values, field } = useFormValues({ email: '' }, form);
  const firstField = useRef<HTMLInputElement>(null);

  useEffect(() => firstField.current?.focus(), []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(async () => {
      const { id } = await createReset(values.email);
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
        <FormError>{form.errors.message}</FormError>
        <TextField
          ref={firstField}
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          {...field('email')}
        />
        <div className="auth-card__actions">
          <Button type="submit" status={form.status} fullWidth>
            Сбросить
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
