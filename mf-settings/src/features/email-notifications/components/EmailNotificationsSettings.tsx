import type { EmailNotifications } from 'contract';
import { useId } from 'react';
import { SettingsCard } from '../../../components/settings-card/SettingsCard';
import { useSavedSetting } from '../../../shared/use-saved-setting';
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
  const setting = useSavedSetting<EmailNotifications>(
    (user) => user.emailNotifications,
    'instant',
    saveEmailNotifications,
  );
  const statusId = useId();
  const name = useId();

  return (
    <SettingsCard
      title="Уведомления"
      description="Когда вас упоминают в комментарии, а в задачах, за которыми вы следите, появляются комментарии, переносы и новые сроки. В колокольчике они появляются всегда."
    >
      <fieldset
        className="email-notifications"
        disabled={!setting.user}
        aria-busy={setting.busy}
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
              checked={setting.value === item.value}
              onChange={(event) => void setting.change(event.target.value as EmailNotifications)}
            />
            <span className="email-notifications__label">{item.label}</span>
          </label>
        ))}
      </fieldset>
      <p
        id={statusId}
        className={`email-notifications__status${setting.failed ? ' email-notifications__status--error' : ''}`}
        role="status"
      >
        {setting.statusText}
      </p>
    </SettingsCard>
  );
}
