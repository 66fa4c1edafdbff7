import { apiClient } from 'shared-ui';

/** Queues a 'ping' delivery to the webhook; answers its delivery id. */
export function testWebhook(boardId: number, id: number) {
  return apiClient.post<{ id: string }>(`/api/board/${boardId}/webhooks/${id}/test`);
}
