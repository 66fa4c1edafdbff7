/**
 * The kernel's webhook recorder (registered last, after the patch): the change's activity rows that
 * make events, for each enabled webhook of the board subscribed to them, become deliveries with their
 * bodies frozen now, queued in the change's transaction; after the commit this instance's senders
 * are woken. A change with no such row makes no query; a board with no enabled webhook, one indexed
 * query.
 */
import { randomUUID } from 'node:crypto';
import type { Recorder } from '../board-change/change-board.js';
import { queueDeliveries } from './delivery.js';
import { changeEvents, EVENT_OF, sealed } from './payloads.js';
import { enabledWebhooks, type NewDelivery } from './repository.js';

export const recordWebhooks: Recorder = async ({ app, trx, boardId, userId, recorded }) => {
  const activity = recorded.activity ?? [];
  if (!activity.some((row) => EVENT_OF[row.kind] !== undefined)) return undefined;
  const hooks = await enabledWebhooks(trx, boardId);
  if (hooks.length === 0) return undefined;
  const wanted = new Set(hooks.flatMap((hook) => hook.events));
  const events = await changeEvents(trx, { boardId, userId, activity, patch: recorded.patch }, wanted);
  const deliveries: NewDelivery[] = events.flatMap((body) =>
    hooks
      .filter((hook) => hook.events.includes(body.event))
      .map((hook) => {
        const id = randomUUID();
        return { id, webhookId: hook.id, event: body.event, payload: sealed(id, body) };
      }),
  );
  if (deliveries.length === 0) return undefined;
  await queueDeliveries(app, trx, deliveries);
  return () => app.webhooks.wake();
};
