import { SettingsCard } from '../../../components/settings-card/SettingsCard';
import { CalendarSubscription } from './CalendarSubscription';
import { EmailReminders } from './EmailReminders';
import './reminders.css';

/** 'Напоминания': e-mail reminders on or off, and the private calendar feed's address. */
export function RemindersSettings() {
  return (
    <SettingsCard
      title="Напоминания"
      description="О сроках задач, назначенных вам: за 24 часа до срока и когда он истёк. В колокольчике они появляются всегда."
    >
      <EmailReminders />
      <CalendarSubscription />
    </SettingsCard>
  );
}
