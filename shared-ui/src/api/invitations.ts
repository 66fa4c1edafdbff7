import type { Invitation } from 'contract';
import { apiClient } from './api-client';

/** The caller's pending invitations ('Мои доски' lists them, the bell counts them). */
export function getInvitations(signal?: AbortSignal) {
  return apiClient.get<Invitation[]>('/api/invite', { signal });
}
