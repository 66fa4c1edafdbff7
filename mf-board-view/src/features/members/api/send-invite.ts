import type { Role } from 'contract/roles';
import { apiClient } from 'shared-ui';

/** Administrators. 400 `{ email }` for a bad address, a member or a pending invitation. */
export function sendInvite(boardId: number, email: string, role: Role) {
  return apiClient.post<{ success: true }>('/api/invite/send', { boardId, email, role });
}
