import type { Invitation } from 'contract';
import { apiClient } from 'shared-ui';

/** The caller's pending invitations. */
export function getInvitations(signal?: AbortSignal) {
  return apiClient.get<Invitation[]>('/api/invite', { signal });
}
