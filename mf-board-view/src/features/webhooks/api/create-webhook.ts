import type { Webhook, WebhookEvent } from 'contract';
import { apiClient } from 'shared-ui';

export interface NewWebhook {
  url: string;
  events: WebhookEvent[];
  secret: string;
}

/** Adds a webhook; a refusal is keyed by `url`, `events`, `secret`, or `message` (too many). */
export function createWebhook(boardId: number, body: NewWebhook) {
  return apiClient.post<Webhook>(`/api/board/${boardId}/webhooks`, body);
}
