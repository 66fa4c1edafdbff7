/**
 * 'Пригласить по e-mail' with the role the invitation gives ('Участник' unless another is chosen):
 * an administrator's form in 'Участники'. Errors show under their fields, the general ones under the
 * e-mail.
 */
import { ROLE_TITLES, ROLES, type Role } from 'contract/roles';
import type { FormEvent } from 'react';
import { Button, Select, TextField, useFormValues, useSubmit } from 'shared-ui';
import { useReload } from '../../../shared/board-context';
import { firstError } from '../../../shared/errors';
import { sendInvite } from '../api/send-invite';

export const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_TITLES[role] }));

export function InviteForm({ boardId }: { boardId: number }) {
  const reload = useReload();
  const form = useSubmit();
  const { values, setValues, field } = useFormValues({ email: '', role: 'member' }, form);
  // A refused role shows under the role; anything else the invitation failed on, under the e-mail.
  const { role: _roleError, ...otherErrors } = form.errors;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const email = values.email.trim();
    if (!email) return;
    if (await form.submit(() => sendInvite(boardId, email, values.role as Role))) {
      // The role chosen stays for the next address.
      setValues({ email: '', role: values.role });
      void reload();
    }
  };

  return (
    <form className="bv-members__invite" noValidate onSubmit={onSubmit}>
      <TextField
        label="Пригласить по e-mail"
        type="email"
        inputMode="email"
        autoComplete="off"
        placeholder="name@example.com"
        className="bv-members__email-field"
        {...field('email')}
        error={firstError(otherErrors, 'email')}
        onClearError={() => form.setErrors({})}
      />
      <Select label="Роль" className="bv-members__role-field" options={ROLE_OPTIONS} {...field('role')} />
      <Button type="submit" status={form.status} successText="Отправлено">
        Пригласить
      </Button>
    </form>
  );
}
