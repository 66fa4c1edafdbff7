import { type FormEvent, useEffect, useState } from 'react';
import { Button, FormError, type Gender, Select, TextField, type User, useAuthStore } from 'shared-ui';
import { SettingsCard } from '../../../components/settings-card/SettingsCard';

/** The select's values; the API's gender is 1, 0 or null (SPEC section 3). */
export const GENDER_OPTIONS = [
  { value: '', label: 'Не выбран' },
  { value: '1', label: 'Мужской' },
  { value: '0', label: 'Женский' },
] as const;

export function toGender(value: string): Gender {
  if (value === '1') return 1;
  if (value === '0') return 0;
  return null;
}

const fromUser = (user: User | null) => ({
  name: user?.name ?? '',
  email: user?.email ?? '',
  gender: user?.gender === 1 || user?.gender === 0 ? String(user.gender) : '',
});
type Values = ReturnType<typeof fromUser>;

/**
 * Имя, Email, Пол. Sent through the auth store's `edit` (which trims name and e-mail); success shows
 * 'Сохранено' and reloads the current user, so the header's name changes at once.
 */
export function ProfileForm() {
  const user = useAuthStore((state) => state.user);
  const { status, errors } = useAuthStore((state) => state.forms.edit);
  const edit = useAuthStore((state) => state.edit);
  const clearError = useAuthStore((state) => state.clearError);
  const resetStatus = useAuthStore((state) => state.resetStatus);
  const resetForm = useAuthStore((state) => state.resetForm);
  const [values, setValues] = useState<Values>(() => fromUser(user));
  const [touched, setTouched] = useState(false);

  // The page may render before the user arrives (standalone): fill in once it is there.
  useEffect(() => {
    if (!touched) setValues(fromUser(user));
  }, [user, touched]);

  useEffect(() => () => resetForm('edit'), [resetForm]);

  const busy = status === 'processing' || status === 'loading';

  const change = (name: keyof Values, value: string) => {
    setTouched(true);
    setValues((current) => ({ ...current, [name]: value }));
    if (status === 'success' || status === 'error') resetStatus('edit');
  };
  const onClearError = (key: string) => clearError('edit', key);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    await edit({ name: values.name, email: values.email, gender: toGender(values.gender) });
    if (useAuthStore.getState().forms.edit.status === 'success') {
      setValues((current) => ({ ...current, name: current.name.trim(), email: current.email.trim() }));
    }
  };

  return (
    <SettingsCard title="Профиль" description="Имя и e-mail видят участники ваших досок.">
      <form noValidate onSubmit={onSubmit}>
        <FormError>{errors.message}</FormError>
        <TextField
          label="Имя"
          name="name"
          autoComplete="name"
          maxLength={100}
          value={values.name}
          error={errors.name}
          onClearError={onClearError}
          onChange={(event) => change('name', event.target.value)}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={254}
          value={values.email}
          error={errors.email}
          onClearError={onClearError}
          onChange={(event) => change('email', event.target.value)}
        />
        <Select
          label="Пол"
          name="gender"
          options={GENDER_OPTIONS}
          value={values.gender}
          error={errors.gender}
          onClearError={onClearError}
          onChange={(event) => change('gender', event.target.value)}
        />
        <div className="settings-card__actions">
          <Button type="submit" status={status} successText="Сохранено" failText="Ошибка">
            Сохранить
          </Button>
        </div>
      </form>
    </SettingsCard>
  );
}
