import { apiClient } from 'shared-ui';

export interface Invitation {
  id: number;
  board: { id: number; name: string };
}

/** The caller's pending invitations. */
export function getInvitations(signal?: AbortSignal) {
  return apiClient.get<Invitation[]>('/api/invite', { signal });
}
