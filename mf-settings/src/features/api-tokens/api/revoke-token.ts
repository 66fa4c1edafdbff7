import { apiClient } from 'shared-ui';

/** Revokes a token: it stops working at once. */
export function revokeToken(id: number) {
  return apiClient.delete<{ success: true }>(`/api/tokens/${id}`);
}
