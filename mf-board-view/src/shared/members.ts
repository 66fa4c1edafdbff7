import type { Board, Member } from 'contract';

/** Accepted members who are still on the board: the ones that can be assigned and are counted. */
export function activeMembers(board: Pick<Board, 'members'>): Member[] {
  return board.members.filter((member) => member.accepted && !member.isDeleted);
}

/**
 * A member's visible name: the name, or the e-mail when there is none (a public link's readers get no
 * e-mails: then 'Участник').
 */
export function memberLabel(member: Pick<Member, 'name' | 'email'>): string {
  return member.name.trim() || member.email || 'Участник';
}
