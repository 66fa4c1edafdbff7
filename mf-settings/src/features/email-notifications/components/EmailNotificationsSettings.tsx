import type { EmailNotifications } from 'contract';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { useAuthStore, useSubmit } from 'shared-ui';
import { SettingsCard } from '../../../components/settings-card/SettingsCard';
import { saveEmailNotifications } from '../api/save-email-notifications';
import './email-notifications.css';

const CHOICES: { value: EmailNotifications; label: string }[] = [
  { value: 'instant', label: 'Сразу' },
  { value: 'daily', label: 'Раз в день (сводка)' },
  { value: 'off', label: 'Не присылать' },
];

/**
 * 'Уведомления': how mentions and news of watched tasks come by e-mail. The choice saves as it is
 * made, like the reminders checkbox; a failure puts the previous one back and says why. While a save
 * runs the radios stay enabled (disabling them would drop the keyboard focus) but keep their choice.
 */
export function EmailNotificationsSettings() {
  const user = useAuthStore((state) => state.user);
  const loadUser = useAuthStore((state) => state.loadUser);
  const saved = user?.emailNotifications ?? 'instant';
  const [choice, setChoice] = useState<EmailNotifications>(saved);
  const form = useSubmit();
  const statusId = useId();
  const name = useId();

  // Follow the stored user (reloaded after a save, or changed in another way) while nothing is pending.
  useEffect(() => {
    if (!form.busy) setChoice(saved);
  }, [saved, form.busy]);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    if (!user || form.busy) return;
    const previous = choice;
    const next = event.target.value as EmailNotifications;
    setChoice(next);
    const done = await form.submit(async () => {
      await saveEmailNotifications(user, next);
      await loadUser();
    });
    if (!done) setChoice(previous);
  };

  let statusText = '';
  if (form.status === 'processing') statusText = 'Сохраняем…';
  if (form.status === 'success') statusText = 'Сохранено';
  if (form.status === 'error')
    statusText = Object.values(form.errors)[0] ?? 'Не удалось сохранить. Попробуйте ещё раз.';

  return (
    <SettingsCard
      title="Уведомления"
      description="Когда вас упоминают в комментарии, а в задачах, за которыми вы следите, появляются комментарии, переносы и новые сроки. В колокольчике они появляются всегда."
    >
      <fieldset
        className="email-notifications"
        disabled={!user}
        aria-busy={form.busy}
        aria-describedby={statusId}
      >
        <legend className="email-notifications__legend">Уведомления на почту</legend>
        {CHOICES.map((item) => (
          <label key={item.value} className="email-notifications__choice">
            <input
              type="radio"
              className="email-notifications__input"
              name={name}
              value={item.value}
              checked={choice === item.value}
              onChange={(event) => void onChange(event)}
            />
            <span className="email-notifications__label">{item.label}</span>
          </label>
        ))}
      </fieldset>
      <p
        id={statusId}
        className={`email-notifications__status${form.status === 'error' ? ' email-notifications__status--error' : ''}`}
        role="status"
      >
        {statusText}
      </p>
    </SettingsCard>
  );
}
