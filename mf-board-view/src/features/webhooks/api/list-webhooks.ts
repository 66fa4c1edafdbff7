import type { Webhook } from 'contract';
import { apiClient } from 'shared-ui';

/** The board's webhooks, each with its last delivery (administrators). */
export function listWebhooks(boardId: number, signal?: AbortSignal) {
  return apiClient.get<Webhook[]>(`/api/board/${boardId}/webhooks`, { signal });
}
