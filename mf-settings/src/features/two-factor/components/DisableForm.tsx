import { type FormEvent, useEffect, useId, useRef } from 'react';
import { Button, FormError, PasswordField, TextField, useFormValues, useSubmit } from 'shared-ui';
import { disableTwoFactor } from '../api/disable-two-factor';

const empty = { password: '', code: '' };

/**
 * Turning two-factor sign-in off: 'Пароль' (focused as the form opens) and a code from the app or a
 * recovery code. The password lives only in this form's state, gone when the form closes.
 */
export function DisableForm({ onDisabled, onCancel }: { onDisabled: () => void; onCancel: () => void }) {
  const form = useSubmit();
  const { values, field } = useFormValues(empty, form);
  const passwordRef = useRef<HTMLInputElement>(null);
  const titleId = useId();

  useEffect(() => {
    passwordRef.current?.focus();
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    await form.submit(
      async () => {
        await disableTwoFactor({ password: values.password, code: values.code.trim() });
        onDisabled();
      },
      { after: 'default' },
    );
  };

  return (
    <form className="two-factor__disable" noValidate aria-labelledby={titleId} onSubmit={onSubmit}>
      <h3 className="two-factor__subtitle" id={titleId}>
        Выключение двухфакторного входа
      </h3>
      <FormError>{form.errors.message}</FormError>
      <PasswordField
        ref={passwordRef}
        label="Пароль"
        autoComplete="current-password"
        {...field('password')}
      />
      <TextField
        label="Код из приложения или код восстановления"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={32}
        {...field('code')}
      />
      <div className="two-factor__actions">
        <Button type="submit" variant="fail" status={form.status}>
          Выключить
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Отмена
        </Button>
      </div>
    </form>
  );
}
