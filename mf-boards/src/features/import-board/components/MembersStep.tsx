/**
 * Step 'Участники': one row per person named in the source, 'Пригласить по адресу' with an e-mail or
 * 'Не приглашать'. The addresses are checked before the import is sent; the first wrong one takes the
 * focus. The API's own refusal of the mapping (`members`) is shown above the rows.
 */
import type { SourceMember } from 'contract/imports';
import { type FormEvent, useRef, useState } from 'react';
import { Button, FormError, Select, type Status, TextField } from 'shared-ui';
import { choiceErrors, type MemberChoice, type MemberChoices } from '../members';
import { StepHeading } from './StepHeading';

const OPTIONS = [
  { value: 'invite', label: 'Пригласить по адресу' },
  { value: 'skip', label: 'Не приглашать' },
];

interface MembersStepProps {
  members: SourceMember[];
  choices: MemberChoices;
  onChange: (id: string, choice: MemberChoice) => void;
  /** The API's error for the mapping, or any other error of the import's start. */
  formError: string | undefined;
  status: Status;
  onBack: () => void;
  onSubmit: () => void;
}

export function MembersStep({
  members,
  choices,
  onChange,
  formError,
  status,
  onBack,
  onSubmit,
}: MembersStepProps) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const list = useRef<HTMLUListElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = choiceErrors(members, choices);
    setErrors(found);
    if (Object.keys(found).length === 0) {
      onSubmit();
      return;
    }
    // After the errors are drawn: the first field that has one.
    requestAnimationFrame(() => list.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const clearError = (id: string) =>
    setErrors((current) => {
      const { [id]: _cleared, ...rest } = current;
      return rest;
    });

  return (
    <form className="import-board__step" noValidate onSubmit={submit}>
      <StepHeading focus>Участники</StepHeading>
      <p className="import-board__text">
        Приглашённые получат письмо; их задачи будут назначены, когда они примут приглашение.
      </p>
      <FormError>{formError}</FormError>
      <ul className="import-board__members" ref={list}>
        {members.map((member, index) => {
          const choice = choices[member.id] ?? { invite: false, email: '' };
          return (
            <li key={member.id} className="import-board__member">
              <Select
                label={member.name}
                name={`invite-${index}`}
                options={OPTIONS}
                value={choice.invite ? 'invite' : 'skip'}
                onChange={(event) => {
                  onChange(member.id, { ...choice, invite: event.target.value === 'invite' });
                  clearError(member.id);
                }}
              />
              {choice.invite && (
                <TextField
                  label={`E-mail для «${member.name}»`}
                  name={`email-${index}`}
                  type="email"
                  inputMode="email"
                  autoComplete="off"
                  maxLength={254}
                  value={choice.email}
                  error={errors[member.id]}
                  onClearError={() => clearError(member.id)}
                  onChange={(event) => onChange(member.id, { ...choice, email: event.target.value })}
                />
              )}
            </li>
          );
        })}
      </ul>
      <div className="import-board__actions">
        <Button variant="secondary" onClick={onBack}>
          Назад
        </Button>
        <Button type="submit" status={status}>
          Импортировать
        </Button>
      </div>
    </form>
  );
}
