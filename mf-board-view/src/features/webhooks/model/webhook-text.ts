// The events, their titles and the switch-off delay come from 'contract/webhook-events', which holds
// no schema (a value import of 'contract/webhooks' would bring typebox into the bundle).
import type { Webhook, WebhookDelivery, WebhookEvent } from 'contract';
import { SWITCH_OFF_AFTER_MS, WEBHOOK_EVENT_TITLES, WEBHOOK_EVENTS } from 'contract/webhook-events';
import { timeText } from '../../../shared/time-text';

/** What a delivery was: an event's title, 'Проверка' for the ping of 'Отправить тест'. */
export const eventTitle = (event: WebhookDelivery['event']) =>
  event === 'ping' ? 'Проверка' : WEBHOOK_EVENT_TITLES[event];

/** The subscribed events in the list's order: 'Все события' when there are all of them. */
export function eventsText(events: readonly WebhookEvent[]): string {
  if (WEBHOOK_EVENTS.every((event) => events.includes(event))) return 'Все события';
  return WEBHOOK_EVENTS.filter((event) => events.includes(event))
    .map((event) => WEBHOOK_EVENT_TITLES[event])
    .join(', ');
}

/** `events` in the list's order, each once (what the form sends). */
export const inOrder = (events: ReadonlySet<WebhookEvent>) =>
  WEBHOOK_EVENTS.filter((event) => events.has(event));

export type Tone = 'ok' | 'off' | 'warning' | 'fail';

/**
 * The webhook's badge. Turned off with a failing streak of 3 days or more: the server switched it off
 * (a webhook turned off by hand keeps its streak too, so the age tells the two apart).
 */
export function webhookState(webhook: Webhook, now: number): { text: string; tone: Tone } {
  if (webhook.enabled) {
    return webhook.failingSince
      ? { text: `Ошибки с ${timeText(webhook.failingSince)}`, tone: 'warning' }
      : { text: 'Работает', tone: 'ok' };
  }
  const failingSince = webhook.failingSince ? Date.parse(webhook.failingSince) : Number.NaN;
  if (now - failingSince >= SWITCH_OFF_AFTER_MS) return { text: 'Отключён: 3 дня без ответа', tone: 'fail' };
  return { text: 'Выключен', tone: 'off' };
}

// Made on first use, like shared/time-text.ts's formatter.
let clock: Intl.DateTimeFormat | undefined;

/** '18:30' within the next day, else as the lists date things ('25 нояб., 18:30'). */
function nextTimeText(at: string, now: number): string {
  const time = Date.parse(at);
  if (Number.isNaN(time)) return '';
  if (time - now >= 24 * 3_600_000) return timeText(at);
  clock ??= new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit' });
  return clock.format(time);
}

const STATUS_TEXT: Record<WebhookDelivery['status'], string> = {
  pending: 'Ожидает',
  delivered: 'Доставлено',
  failed: 'Не доставлено',
  retrying: 'Повтор',
};

/** 'Ожидает', 'Доставлено', 'Не доставлено', 'Повтор в 18:30'. */
export function deliveryStatusText(delivery: WebhookDelivery, now: number): string {
  if (delivery.status === 'retrying' && delivery.nextAttemptAt)
    return `Повтор в ${nextTimeText(delivery.nextAttemptAt, now)}`;
  return STATUS_TEXT[delivery.status];
}

const TONES: Record<WebhookDelivery['status'], Tone> = {
  pending: 'off',
  delivered: 'ok',
  failed: 'fail',
  retrying: 'warning',
};

export const deliveryTone = (delivery: WebhookDelivery): Tone => TONES[delivery.status];

/** Not settled yet: another try is coming. */
export const underWay = (delivery: WebhookDelivery | null | undefined) =>
  delivery?.status === 'pending' || delivery?.status === 'retrying';

/** The last delivery in one line: 'Доставлено · HTTP 200 · 24 нояб., 18:30'. */
export function lastDeliveryText(delivery: WebhookDelivery | null, now: number): string {
  if (!delivery) return 'Доставок ещё не было';
  const parts = [
    deliveryStatusText(delivery, now),
    delivery.responseCode !== null && `HTTP ${delivery.responseCode}`,
    timeText(delivery.at),
  ];
  return `Последняя доставка: ${parts.filter(Boolean).join(' · ')}`;
}

/** A new secret: 32 random bytes as 64 hex digits. */
export function generateSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
