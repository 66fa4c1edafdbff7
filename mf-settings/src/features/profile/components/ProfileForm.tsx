import { type FormEvent, useEffect } from 'react';
import {
  Button,
  FormError,
  type Gender,
  Select,
  TextField,
  type User,
  useAuthForm,
  useAuthStore,
  useFormValues,
} from 'shared-ui';
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
/**
 * Имя, Email, Пол. Sent through the auth store's `edit` (which trims name and e-mail); success shows
 * 'Сохранено' and reloads the current user, so the header's name changes at once.
 */
export function ProfileForm() {
  const user = useAuthStore((state) => state.user);
  const edit = useAuthStore((state) => state.edit);
  const form = useAuthForm('edit');
  const { values, setValues, field, touched } = useFormValues(fromUser(user), form);

  // The page may render before the user arrives (standalone): fill in once it is there.
  useEffect(() => {
    if (!touched) setValues(fromUser(user));
  }, [user, touched, setValues]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await form.submit(() =>
      edit({ name: values.name, email: values.email, gender: toGender(values.gender) }),
    );
    if (saved)
      setValues((current) => ({ ...current, name: current.name.trim(), email: current.email.trim() }));
  };

  return (
    <SettingsCard title="Профиль" description="Имя и e-mail видят участники ваших досок.">
      <form noValidate onSubmit={onSubmit}>
        <FormError>{form.errors.message}</FormError>
        <TextField label="Имя" autoComplete="name" maxLength={100} {...field('name')} />
        <TextField
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={254}
          {...field('email')}
        />
        <Select label="Пол" options={GENDER_OPTIONS} {...field('gender')} />
        <div className="settings-card__actions">
          <Button type="submit" status={form.status} successText="Сохранено" failText="Ошибка">
            Сохранить
          </Button>
        </div>
      </form>
    </SettingsCard>
  );
}
