import { type FormEvent, useEffect, useState } from 'react';
import { Button, FormError, PasswordField, useAuthStore } from 'shared-ui';
import { SettingsCard } from '../../../components/settings-card/SettingsCard';

const empty = { oldPassword: '', password: '', password2: '' };
type Values = typeof empty;

/**
 * Текущий пароль, Новый пароль, Повторите пароль, through the auth store's `changePassword` (which
 * trims all three and stores the fresh token the API answers with, since the change retires every
 * earlier token). Success shows 'Пароль изменён' and clears the fields.
 */
export function PasswordForm() {
  const { status, errors } = useAuthStore((state) => state.forms.password);
  const changePassword = useAuthStore((state) => state.changePassword);
  const clearError = useAuthStore((state) => state.clearError);
  const resetStatus = useAuthStore((state) => state.resetStatus);
  const resetForm = useAuthStore((state) => state.resetForm);
  const [values, setValues] = useState<Values>(empty);

  useEffect(() => () => resetForm('password'), [resetForm]);

  const busy = status === 'processing' || status === 'loading';

  const field = (name: keyof Values) => ({
    name,
    value: values[name],
    error: errors[name],
    onClearError: (key: string) => clearError('password', key),
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      if (status === 'success' || status === 'error') resetStatus('password');
    },
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    await changePassword(values);
    if (useAuthStore.getState().forms.password.status === 'success') setValues(empty);
  };

  return (
    <SettingsCard title="Пароль" description="После смены пароля другие устройства выйдут из аккаунта.">
      <form noValidate onSubmit={onSubmit}>
        <FormError>{errors.message}</FormError>
        <PasswordField label="Текущий пароль" autoComplete="current-password" {...field('oldPassword')} />
        <PasswordField label="Новый пароль" autoComplete="new-password" {...field('password')} />
        <PasswordField label="Повторите пароль" autoComplete="new-password" {...field('password2')} />
        <div className="settings-card__actions">
          <Button type="submit" status={status} successText="Пароль изменён" failText="Ошибка">
            Изменить пароль
          </Button>
        </div>
      </form>
    </SettingsCard>
  );
}
