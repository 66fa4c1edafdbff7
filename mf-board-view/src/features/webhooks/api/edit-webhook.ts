import type { Webhook, WebhookEvent } from 'contract';
import { apiClient } from 'shared-ui';

/** Only what is given changes: without `secret` the old one stays. */
export interface WebhookChanges {
  url?: string;
  events?: WebhookEvent[];
  secret?: string;
  enabled?: boolean;
}

/** Changes a webhook, or turns it off or on (on forgets its failing streak). */
export function editWebhook(boardId: number, id: number, changes: WebhookChanges) {
  return apiClient.put<Webhook>(`/api/board/${boardId}/webhooks/${id}`, changes);
}
