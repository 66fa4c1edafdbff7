import type { TokenScope } from 'contract/tokens';
import type { FormEvent } from 'react';
import { Button, FormError, Select, TextField, useFormValues, useSubmit } from 'shared-ui';
import { createToken, type NewApiToken } from '../api/create-token';
import { DEFAULT_EXPIRY, EXPIRY_OPTIONS, expiresAtFor, SCOPE_OPTIONS } from '../model/token-text';

// 'expiresAt' holds a choice of EXPIRY_OPTIONS (turned into the date at submit), so the server's
// `expiresAt` error shows under 'Срок действия'.
const empty = { name: '', scope: 'read', expiresAt: DEFAULT_EXPIRY };

/** Название, Доступ, Срок действия → 'Создать токен'; success hands the new token up and clears the form. */
export function CreateTokenForm({ onCreated }: { onCreated: (token: NewApiToken) => void }) {
  const form = useSubmit();
  const { values, setValues, field } = useFormValues(empty, form);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const done = await form.submit(
      async () =>
        onCreated(
          await createToken({
            name: values.name.trim(),
            scope: values.scope as TokenScope,
            expiresAt: expiresAtFor(values.expiresAt),
          }),
        ),
      { after: 'default' },
    );
    if (done) setValues(empty);
  };

  return (
    <form className="api-tokens__form" noValidate onSubmit={onSubmit}>
      <FormError>{form.errors.message}</FormError>
      <div className="api-tokens__fields">
        <TextField
          label="Название"
          hint="Например, «Скрипт отчётов»"
          maxLength={100}
          autoComplete="off"
          {...field('name')}
        />
        <Select label="Доступ" options={SCOPE_OPTIONS} {...field('scope')} />
        <Select label="Срок действия" options={EXPIRY_OPTIONS} {...field('expiresAt')} />
      </div>
      <div className="settings-card__actions">
        <Button type="submit" status={form.status}>
          Создать токен
        </Button>
      </div>
    </form>
  );
}
