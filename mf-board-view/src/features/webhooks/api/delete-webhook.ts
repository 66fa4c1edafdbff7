import { apiClient } from 'shared-ui';

/** Deletes a webhook and its deliveries. */
export function deleteWebhook(boardId: number, id: number) {
  return apiClient.delete<{ success: true }>(`/api/board/${boardId}/webhooks/${id}`);
}
