import type { Role } from 'contract/roles';
import { apiClient } from 'shared-ui';

/** Administrators: a member's or an invitee's new role. 400 `{ role }` for the owner or an unknown role. */
export function setRole(boardId: number, userId: number, role: Role) {
  return apiClient.put<{ success: true }>('/api/member/role', { boardId, userId, role });
}
