import { useEffect, useState } from 'react';
import { type User, useAuthStore, useSubmit } from 'shared-ui';

/**
 * A setting that saves as it changes: the new value shows at once, `save(user, value)` stores it and
 * the user is reloaded; a failure puts the previous value back and `statusText` says why. While no
 * save is pending the value follows the stored user (reloaded after a save, or changed in another way).
 */
export function useSavedSetting<T>(
  stored: (user: User) => T,
  fallback: T,
  save: (user: User, value: T) => Promise<unknown>,
) {
  const user = useAuthStore((state) => state.user);
  const loadUser = useAuthStore((state) => state.loadUser);
  const saved = user ? stored(user) : fallback;
  const [value, setValue] = useState<T>(saved);
  const form = useSubmit();

  useEffect(() => {
    if (!form.busy) setValue(saved);
  }, [saved, form.busy]);

  const change = async (next: T) => {
    if (!user || form.busy) return;
    const previous = value;
    setValue(next);
    const done = await form.submit(async () => {
      await save(user, next);
      await loadUser();
    });
    if (!done) setValue(previous);
  };

  let statusText = '';
  if (form.status === 'processing') statusText = 'Сохраняем…';
  if (form.status === 'success') statusText = 'Сохранено';
  if (form.status === 'error')
    statusText = Object.values(form.errors)[0] ?? 'Не удалось сохранить. Попробуйте ещё раз.';

  return { user, value, change, busy: form.busy, failed: form.status === 'error', statusText };
}
