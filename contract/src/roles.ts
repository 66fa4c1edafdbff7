/**
 * Who may do what on a board, one table for the API (which enforces it on every call) and the front
 * ends (which leave out what the viewer's role cannot do). A member's role is one of ROLES; the board's
 * creator is its owner, always an administrator; anyone else is an outsider.
 */

export const ROLES = ['admin', 'member', 'commenter', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_TITLES: Record<Role, string> = {
  admin: 'Администратор',
  member: 'Участник',
  commenter: 'Комментатор',
  viewer: 'Наблюдатель',
};

/** A user's standing on one board. */
export type BoardRole = 'owner' | Role | 'outsider';

export type BoardAction =
  /** Reading the board, its tasks, activity, trash and archive, exporting it, watching it live. */
  | 'view'
  /** Watching a task (notifications of its changes). */
  | 'watch'
  /** Writing comments (and mentions in them). */
  | 'comment'
  /** Columns, cards, labels, files, checklists, the archive and the trash's restores. */
  | 'edit'
  /**
   * The board's settings and deletion, members, invitations and roles, emptying the trash, the
   * public link and the webhooks.
   */
  | 'manage'
  /** Handing the board to another administrator. */
  | 'own'
  /** Accepting or declining one's own invitation (the change checks the invitation itself). */
  | 'answer-invitation';

const READERS: readonly BoardRole[] = ['owner', 'admin', 'member', 'commenter', 'viewer'];

/** Who may do what: one row per action. */
const ALLOWED: Record<BoardAction, readonly BoardRole[]> = {
  view: READERS,
  watch: READERS,
  comment: ['owner', 'admin', 'member', 'commenter'],
  edit: ['owner', 'admin', 'member'],
  manage: ['owner', 'admin'],
  own: ['owner'],
  'answer-invitation': [...READERS, 'outsider'],
};

export const can = (role: BoardRole, action: BoardAction): boolean => ALLOWED[action].includes(role);

/** The refusal of an action the member's role does not allow (an outsider hears 'Нет доступа'). */
export const INSUFFICIENT_ROLE = 'Недостаточно прав';

/** The role of `userId` on a board as its detail shows it. */
export function roleOn(
  board: {
    createdBy: number;
    members: readonly { id: number; role: Role; accepted: boolean; isDeleted: boolean }[];
  },
  userId: number | null,
): BoardRole {
  if (userId === null) return 'outsider';
  if (board.createdBy === userId) return 'owner';
  const member = board.members.find((item) => item.id === userId);
  return member?.accepted && !member.isDeleted ? member.role : 'outsider';
}
