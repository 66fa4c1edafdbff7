/**
 * Who of the source is invited to the new board: one choice per source member, invite by an e-mail or
 * not at all, checked here before the import is sent (the API checks the same again).
 */
import type { SourceMember } from 'contract/imports';

export interface MemberChoice {
  invite: boolean;
  email: string;
}

export type MemberChoices = Record<string, MemberChoice>;

/** The address shape the API accepts (api/src/import/routes.ts). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Members whose e-mail is known (our export, CSV) are offered for an invitation; the rest are not. */
export function initialChoices(members: SourceMember[]): MemberChoices {
  return Object.fromEntries(
    members.map((member) => [member.id, { invite: member.email !== null, email: member.email ?? '' }]),
  );
}

/** A Russian error per member whose choice cannot be sent, by member id. */
export function choiceErrors(members: SourceMember[], choices: MemberChoices): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const member of members) {
    const choice = choices[member.id];
    if (!choice?.invite) continue;
    const email = choice.email.trim();
    if (email === '') errors[member.id] = 'Введите e-mail или выберите «Не приглашать»';
    else if (!EMAIL.test(email) || email.length > 254) errors[member.id] = 'Некорректный e-mail';
  }
  return errors;
}

/** The `members` field of the import: source member id -> e-mail, for the invited ones only. */
export function invitations(members: SourceMember[], choices: MemberChoices): Record<string, string> {
  const mapped: Record<string, string> = {};
  for (const member of members) {
    const choice = choices[member.id];
    if (choice?.invite && choice.email.trim() !== '') mapped[member.id] = choice.email.trim();
  }
  return mapped;
}
