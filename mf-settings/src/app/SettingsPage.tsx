import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button, paths } from 'shared-ui';
import { ApiTokensSettings } from '../features/api-tokens/components/ApiTokensSettings';
import { AvatarUpload } from '../features/avatar/components/AvatarUpload';
import { EmailNotificationsSettings } from '../features/email-notifications/components/EmailNotificationsSettings';
import { MyDataSettings } from '../features/my-data/components/MyDataSettings';
import { PasswordForm } from '../features/password/components/PasswordForm';
import { ProfileForm } from '../features/profile/components/ProfileForm';
import { RemindersSettings } from '../features/reminders/components/RemindersSettings';
import { ThemeSettings } from '../features/theme/components/ThemeSettings';
import { TwoFactorSettings } from '../features/two-factor/components/TwoFactorSettings';
import './settings.css';

/**
 * /settings: avatar, profile, password, 'Двухфакторный вход', reminders, e-mail notifications, the
 * theme, 'Токены API' and 'Мои данные', each its own feature; 'Вернуться назад' on top.
 */
export function SettingsPage() {
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    const title = document.title;
    document.title = 'Настройки — Канбан';
    return () => {
      document.title = title;
    };
  }, []);

  // The first entry of a tab has the key 'default': there is nothing of ours to go back to.
  const goBack = () => (location.key === 'default' ? navigate(paths.home.href()) : navigate(-1));

  return (
    <div className="settings-page">
      <div className="settings-page__head">
        <h1 className="settings-page__title">Настройки</h1>
        <Button variant="secondary" onClick={goBack}>
          <span aria-hidden="true">←</span> Вернуться назад
        </Button>
      </div>
      <AvatarUpload />
      <div className="settings-page__forms">
        <ProfileForm />
        <PasswordForm />
      </div>
      <TwoFactorSettings />
      <RemindersSettings />
      <EmailNotificationsSettings />
      <ThemeSettings />
      <ApiTokensSettings />
      <MyDataSettings />
    </div>
  );
}
