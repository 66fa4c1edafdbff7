import { useState } from 'react';
import { Button, downloadFile, errorsOf } from 'shared-ui';
import { SettingsCard } from '../../../components/settings-card/SettingsCard';

/** 'Мои данные': a ZIP of the profile and every board the user belongs to (GET /api/export/me). */
export function MyDataSettings() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadFile('/api/export/me', 'Мои данные.zip');
    } catch (failure) {
      setError(errorsOf(failure).message ?? 'Не удалось скачать. Попробуйте ещё раз.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <SettingsCard
      title="Мои данные"
      description="Архив ZIP: ваш профиль и каждая доска, где вы участник, в формате экспорта (JSON)."
    >
      <Button variant="secondary" status={busy ? 'processing' : 'default'} onClick={() => void download()}>
        Скачать мои данные
      </Button>
      {error && (
        <p className="settings-card__error" role="alert">
          {error}
        </p>
      )}
    </SettingsCard>
  );
}
