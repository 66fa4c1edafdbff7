import type { TwoFactorSetup } from 'contract';
import { useEffect, useId, useState } from 'react';
import { Button, FormError, Spinner, useSubmit } from 'shared-ui';
import { useLoad } from 'shared-ui/load';
import { SettingsCard } from '../../../components/settings-card/SettingsCard';
import { getTwoFactor } from '../api/get-two-factor';
import { setupTwoFactor } from '../api/setup-two-factor';
import { FEW_CODES_LEFT } from '../model/two-factor-text';
import { DisableForm } from './DisableForm';
import { RecoveryCodesBox } from './RecoveryCodesBox';
import { SetupForm } from './SetupForm';
import './two-factor.css';

/**
 * 'Двухфакторный вход': off ('Включить' fetches a secret and opens the setup form), setting up (QR code,
 * the secret as text, a code from the app), the recovery codes shown once after it is turned on, and on
 * ('Включён', the codes left, 'Выключить' opening a form asking for the password and a code). The secret
 * and the codes live only in this component's state. Focus follows the buttons that go away: to the
 * code field as setup opens, to the codes' heading, and back to the button that opened a form.
 */
export function TwoFactorSettings() {
  const status = useLoad(getTwoFactor);
  const start = useSubmit();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [disabling, setDisabling] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  // The element to focus once the next view is on screen (by id: shared-ui's Button takes no ref).
  const [focusId, setFocusId] = useState<string | null>(null);
  const enableId = useId();
  const disableId = useId();
  const stateId = useId();

  useEffect(() => {
    if (!focusId) return;
    document.getElementById(focusId)?.focus();
    setFocusId(null);
  }, [focusId]);

  const onStart = () =>
    void start.submit(
      async () => {
        setAnnouncement('');
        setSetup(await setupTwoFactor());
      },
      { after: 'default' },
    );

  const onCancelSetup = () => {
    setSetup(null);
    setFocusId(enableId);
  };

  const onEnabled = (recoveryCodes: string[]) => {
    setSetup(null);
    setCodes(recoveryCodes);
    status.replace({ enabled: true, recoveryCodesLeft: recoveryCodes.length });
  };

  const onDone = () => {
    setCodes(null);
    setFocusId(stateId);
  };

  const onCancelDisable = () => {
    setDisabling(false);
    setFocusId(disableId);
  };

  const onDisabled = () => {
    setDisabling(false);
    status.replace({ enabled: false, recoveryCodesLeft: 0 });
    setAnnouncement('Двухфакторный вход выключен');
    setFocusId(enableId);
  };

  const data = status.data;
  const left = data?.recoveryCodesLeft ?? 0;
  const few = left <= FEW_CODES_LEFT;

  let body = null;
  if (codes) body = <RecoveryCodesBox codes={codes} onDone={onDone} />;
  else if (data?.enabled)
    body = (
      <>
        <p className="two-factor__state" id={stateId} tabIndex={-1}>
          Статус: <span className="two-factor__badge two-factor__badge--on">Включён</span>
        </p>
        <p className={`two-factor__left${few ? ' two-factor__left--few' : ''}`}>
          {`Осталось кодов восстановления: ${left}`}
          {few && (
            <span className="two-factor__left-note">
              Чтобы получить новые коды, выключите двухфакторный вход и включите его снова.
            </span>
          )}
        </p>
        {disabling ? (
          <DisableForm onDisabled={onDisabled} onCancel={onCancelDisable} />
        ) : (
          <div className="two-factor__actions">
            <Button id={disableId} variant="secondary" onClick={() => setDisabling(true)}>
              Выключить
            </Button>
          </div>
        )}
      </>
    );
  else if (data && setup) body = <SetupForm setup={setup} onEnabled={onEnabled} onCancel={onCancelSetup} />;
  else if (data)
    body = (
      <>
        <p className="two-factor__state">
          Статус: <span className="two-factor__badge">Выключен</span>
        </p>
        <FormError>{start.errors.message ?? Object.values(start.errors)[0]}</FormError>
        <div className="two-factor__actions">
          <Button id={enableId} status={start.status} onClick={onStart}>
            Включить
          </Button>
        </div>
      </>
    );

  return (
    <SettingsCard
      title="Двухфакторный вход"
      description="При входе кроме пароля понадобится код из приложения-аутентификатора: Яндекс Ключ, Google Authenticator и других."
    >
      {status.status === 'loading' && !data && <Spinner label="Загрузка настроек двухфакторного входа" />}
      {status.status === 'error' && !data && (
        <div className="two-factor__load-error" role="alert">
          <p>Не удалось загрузить настройки двухфакторного входа.</p>
          <Button variant="secondary" onClick={() => void status.reload()}>
            Повторить
          </Button>
        </div>
      )}
      {body}
      <p className="ui-visually-hidden" role="status">
        {announcement}
      </p>
    </SettingsCard>
  );
}
