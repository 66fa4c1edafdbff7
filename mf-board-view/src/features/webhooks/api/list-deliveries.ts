import type { WebhookDelivery } from 'contract';
import { apiClient } from 'shared-ui';

/** The webhook's last deliveries (50), newest first. */
export function listDeliveries(boardId: number, id: number, signal?: AbortSignal) {
  return apiClient.get<WebhookDelivery[]>(`/api/board/${boardId}/webhooks/${id}/deliveries`, { signal });
}
