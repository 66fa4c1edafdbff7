import type { FormEvent } from 'react';
import { Button, FormError, PasswordField, useAuthForm, useAuthStore, useFormValues } from 'shared-ui';
import { SettingsCard } from '../../../components/settings-card/SettingsCard';

const empty = { oldPassword: '', password: '', password2: '' };

/**
 * Текущий пароль, Новый пароль, Повторите пароль, through the auth store's `changePassword` (which
 * trims all three and stores the fresh token the API answers with, since the change retires every
 * earlier token). Success shows 'Пароль изменён' and clears the fields.
 */
export function PasswordForm() {
  const changePassword = useAuthStore((state) => state.changePassword);
  const form = useAuthForm('password');
  const { values, setValues, field } = useFormValues(empty, form);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (await form.submit(() => changePassword(values))) setValues(empty);
  };

  return (
    <SettingsCard title="Пароль" description="После смены пароля другие устройства выйдут из аккаунта.">
      <form noValidate onSubmit={onSubmit}>
        <FormError>{form.errors.message}</FormError>
        <PasswordField label="Текущий пароль" autoComplete="current-password" {...field('oldPassword')} />
        <PasswordField label="Новый пароль" autoComplete="new-password" {...field('password')} />
        <PasswordField label="Повторите пароль" autoComplete="new-password" {...field('password2')} />
        <div className="settings-card__actions">
          <Button type="submit" status={form.status} successText="Пароль изменён" failText="Ошибка">
            Изменить пароль
          </Button>
        </div>
      </form>
    </SettingsCard>
  );
}
