/**
 * A member's role in 'Участники': 'Владелец' for the board's owner (always an administrator, never
 * changed here), a select for an administrator looking at anyone else, and the role's name otherwise.
 * The select is native: keyboard and screen readers know it, and it fits a phone's row.
 */
import type { Member } from 'contract';
import { ROLE_TITLES, type Role } from 'contract/roles';
import { memberLabel } from '../../../shared/members';
import { ROLE_OPTIONS } from './InviteForm';

export interface RoleControlProps {
  member: Member;
  /** The board's owner (`board.createdBy`). */
  isOwner: boolean;
  /** The viewer may change roles (an administrator). */
  canManage: boolean;
  /** The role being sent, shown until the board says the new one; the select is busy meanwhile. */
  pending: Role | null;
  onChange: (role: Role) => void;
}

export function RoleControl({ member, isOwner, canManage, pending, onChange }: RoleControlProps) {
  if (isOwner) return <span className="bv-members__badge">Владелец</span>;
  if (!canManage) return <span className="bv-members__role-text">{ROLE_TITLES[member.role]}</span>;
  const who = member.accepted ? memberLabel(member) : member.email;
  return (
    <select
      className="bv-members__role"
      aria-label={`Роль: ${who}`}
      value={pending ?? member.role}
      aria-busy={pending !== null || undefined}
      disabled={pending !== null}
      onChange={(event) => onChange(event.target.value as Role)}
    >
      {ROLE_OPTIONS.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
