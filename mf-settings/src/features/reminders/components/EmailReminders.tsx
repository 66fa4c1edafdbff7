import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { Checkbox, useAuthStore, useSubmit } from 'shared-ui';
import { saveEmailReminders } from '../api/save-email-reminders';

/** The checkbox saves as it is ticked; a failure puts it back and says why. */
export function EmailReminders() {
  const user = useAuthStore((state) => state.user);
  const loadUser = useAuthStore((state) => state.loadUser);
  const saved = user?.emailReminders ?? false;
  const [checked, setChecked] = useState(saved);
  const form = useSubmit();
  const statusId = useId();

  // Follow the stored user (reloaded after a save, or changed in another way) while nothing is pending.
  useEffect(() => {
    if (!form.busy) setChecked(saved);
  }, [saved, form.busy]);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    if (!user) return;
    const next = event.target.checked;
    setChecked(next);
    const done = await form.submit(async () => {
      await saveEmailReminders(user, next);
      await loadUser();
    });
    if (!done) setChecked(!next);
  };

  let statusText = '';
  if (form.status === 'processing') statusText = 'Сохраняем…';
  if (form.status === 'success') statusText = 'Сохранено';
  if (form.status === 'error')
    statusText = Object.values(form.errors)[0] ?? 'Не удалось сохранить. Попробуйте ещё раз.';

  return (
    <div className="reminders__mail">
      <Checkbox
        label="Присылать напоминания о сроках на почту"
        checked={checked}
        disabled={!user || form.busy}
        aria-describedby={statusId}
        onChange={(event) => void onChange(event)}
      />
      <p
        id={statusId}
        className={`reminders__status${form.status === 'error' ? ' reminders__status--error' : ''}`}
        role="status"
      >
        {statusText}
      </p>
    </div>
  );
}
