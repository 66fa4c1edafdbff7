/**
 * The viewer's role on the board on screen, and what it allows (contract/roles.ts, the table the API
 * enforces). Read from the live board (its `createdBy` and `members`, which a role change or a
 * hand-over patches in at once) and the signed-in user, on every render, never kept: controls appear
 * or go the moment the role changes, without a reload. Features leave out, or disable with the reason
 * (`useDenied`), what the role cannot do; the API refuses it anyway (403 'Недостаточно прав').
 * Whoever looks through a public link, a member or not, only reads: a 'viewer'.
 */
import { type BoardAction, type BoardRole, can, ROLE_TITLES, type Role, roleOn } from 'contract/roles';
import { useAuthStore } from 'shared-ui';
import { useBoardState } from './board-context';
import { PUBLIC_READ_ONLY, usePublicToken } from './public-board';

/** The signed-in user's role on the board on screen ('outsider' while it is not loaded). */
export function useBoardRole(): BoardRole {
  const userId = useAuthStore((state) => state.userId);
  const reader = usePublicToken() !== null;
  return useBoardState((state) => {
    if (!state.board) return 'outsider';
    return reader ? 'viewer' : roleOn(state.board, userId);
  });
}

/** Whether the signed-in user's role on the board on screen allows `action`. */
export function useCan(action: BoardAction): boolean {
  return can(useBoardRole(), action);
}

/** What each limited role may do, said after its name. */
const LIMITS: Partial<Record<Role, string>> = {
  commenter: 'только читает и комментирует',
  viewer: 'только читает доску',
};

/**
 * Why `role` may not do `action`, in a form for an accessible name or a note ('Недостаточно прав:
 * Наблюдатель только читает доску'); null when it may.
 */
export function deniedReason(role: BoardRole, action: BoardAction): string | null {
  if (can(role, action) || role === 'owner') return null;
  if (role === 'outsider') return 'Нет доступа к доске';
  if (action === 'own') return 'Недостаточно прав: передать доску может только её владелец';
  if (action === 'manage') return 'Недостаточно прав: это может только администратор доски';
  const limit = LIMITS[role];
  return limit ? `Недостаточно прав: ${ROLE_TITLES[role]} ${limit}` : 'Недостаточно прав';
}

/** Why the signed-in user may not do `action` on the board on screen; null when they may. */
export function useDenied(action: BoardAction): string | null {
  const reader = usePublicToken() !== null;
  const reason = deniedReason(useBoardRole(), action);
  return reason && reader ? PUBLIC_READ_ONLY : reason;
}
