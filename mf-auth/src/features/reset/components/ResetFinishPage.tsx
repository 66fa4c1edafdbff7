import { type FormEvent, useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button, FormError, PasswordField, paths, useFormValues, useSubmit } from 'shared-ui';
import { AuthCard } from '../../../components/auth-card/AuthCard';
import { finishReset } from '../api/finish-reset';

export function ResetFinishPage() {
  const navigate = useNavigate();
  const { resetId = '' } = useParams();
  const form = useSubmit();
  const { values, field } = useFormValues({ password: '', password2: '' }, form);
  const firstField = useRef<HTMLInputElement>(null);

  useEffect(() => firstField.current?.focus(), []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(async () => {
      const { isCompleted } = await finishReset(resetId, values.password, values.password2);
      if (isCompleted) navigate(paths.resetSuccess.href());
      else form.setErrors({ message: 'Не удалось сбросить пароль. Запросите новый код.' });
    });
  };

  return (
    <AuthCard
      title="Новый пароль"
      description="Придумайте новый пароль. После сохранения войдите с ним заново на всех устройствах."
      footer={<Link to={paths.reset.href()}>Начать заново</Link>}
    >
      <form noValidate onSubmit={onSubmit}>
        <FormError>{form.errors.message ?? form.errors.resetId}</FormError>
        <PasswordField
          ref={firstField}
          label="Новый пароль"
          autoComplete="new-password"
          {...field('password')}
        />
        <PasswordField label="Повторите пароль" autoComplete="new-password" {...field('password2')} />
        <div className="auth-card__actions">
          <Button type="submit" status={form.status} fullWidth>
            Сохранить
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
