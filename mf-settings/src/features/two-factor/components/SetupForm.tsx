import type { TwoFactorSetup } from 'contract';
import { type FormEvent, useEffect, useRef } from 'react';
import { Button, FormError, TextField, useFormValues, useSubmit } from 'shared-ui';
import { enableTwoFactor } from '../api/enable-two-factor';
import { secretGroups } from '../model/two-factor-text';
import { useCopy } from './use-copy';

interface SetupFormProps {
  setup: TwoFactorSetup;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}

/**
 * Turning two-factor sign-in on: the QR code to scan, the same secret as text (in blocks of four, with
 * 'Скопировать ключ') and 'Код из приложения' (focused as the form opens) to confirm it. The code is
 * short-lived, so it is kept nowhere but here.
 */
export function SetupForm({ setup, onEnabled, onCancel }: SetupFormProps) {
  const form = useSubmit();
  const { values, field } = useFormValues({ code: '' }, form);
  const codeRef = useRef<HTMLInputElement>(null);
  const secretRef = useRef<HTMLElement>(null);
  const copy = useCopy(setup.secret, secretRef);

  useEffect(() => {
    codeRef.current?.focus();
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    await form.submit(async () => onEnabled((await enableTwoFactor(values.code.trim())).recoveryCodes), {
      after: 'default',
    });
  };

  return (
    <div className="two-factor__setup">
      <ol className="two-factor__steps">
        <li>
          <p className="two-factor__step-text">Отсканируйте QR-код в приложении-аутентификаторе.</p>
          <img
            className="two-factor__qr"
            src={setup.qr}
            alt="QR-код для приложения-аутентификатора"
            width={184}
            height={184}
          />
          <p className="two-factor__step-note">
            Приложение на этом же телефоне? <a href={setup.otpauthUrl}>Откройте ссылку в приложении</a>
          </p>
        </li>
        <li>
          <p className="two-factor__step-text">Или введите в приложении ключ:</p>
          <div className="two-factor__secret-row">
            <code className="two-factor__secret" ref={secretRef}>
              {secretGroups(setup.secret).map((group, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of a secret never move
                <span key={index}>{group}</span>
              ))}
            </code>
            <Button
              variant="secondary"
              size="small"
              status={copy.state === 'copied' ? 'success' : 'default'}
              successText="Скопировано"
              onClick={() => void copy.copy()}
            >
              Скопировать ключ
            </Button>
          </div>
          <p
            className={`two-factor__copy-status${copy.state === 'failed' ? ' two-factor__copy-status--error' : ''}`}
            role="status"
          >
            {copy.state === 'copied' && 'Ключ скопирован'}
            {copy.state === 'failed' && 'Выделите и скопируйте вручную'}
          </p>
        </li>
        <li>
          <form noValidate onSubmit={onSubmit}>
            <FormError>{form.errors.message}</FormError>
            <TextField
              ref={codeRef}
              className="two-factor__code-field"
              label="Код из приложения"
              hint="Шесть цифр, которые сейчас показывает приложение"
              inputMode="numeric"
              autoComplete="one-time-code"
              spellCheck={false}
              maxLength={32}
              {...field('code')}
            />
            <div className="two-factor__actions">
              <Button type="submit" status={form.status}>
                Включить двухфакторный вход
              </Button>
              <Button variant="secondary" onClick={onCancel}>
                Отмена
              </Button>
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}
