import type { Webhook, WebhookDelivery } from 'contract';
import { WEBHOOK_EVENTS } from 'contract/webhook-events';
import { describe, expect, it } from 'vitest';
import {
  deliveryStatusText,
  eventsText,
  generateSecret,
  lastDeliveryText,
  webhookState,
} from './webhook-text';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const HOUR = 3_600_000;
const webhook = (patch: Partial<Webhook>): Webhook => ({
  id: 1,
  url: 'https://hooks.example.com/in',
  events: ['task.created'],
  enabled: true,
  createdAt: '2026-11-01T12:00:00Z',
  failingSince: null,
  lastDelivery: null,
  ...patch,
});
const delivery = (patch: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: 'd1',
  event: 'ping',
  status: 'delivered',
  attempts: 1,
  responseCode: 200,
  error: null,
  at: '2026-11-28T11:00:00Z',
  nextAttemptAt: null,
  ...patch,
});

describe('webhook texts', () => {
  it('names the events in their order, or all of them at once', () => {
    expect(eventsText(['comment.created', 'task.created'])).toBe('Задача создана, Новый комментарий');
    expect(eventsText([...WEBHOOK_EVENTS])).toBe('Все события');
  });

  it('tells a webhook turned off by hand from one the server switched off after 3 days', () => {
    expect(webhookState(webhook({}), NOW)).toEqual({ text: 'Работает', tone: 'ok' });
    expect(webhookState(webhook({ failingSince: '2026-11-27T12:00:00Z' }), NOW).text).toMatch(
      /^Ошибки с 27 нояб/,
    );
    expect(webhookState(webhook({ enabled: false }), NOW).text).toBe('Выключен');
    const failing = new Date(NOW - 3 * 24 * HOUR - HOUR).toISOString();
    expect(webhookState(webhook({ enabled: false, failingSince: failing }), NOW).text).toBe(
      'Отключён: 3 дня без ответа',
    );
    const recently = new Date(NOW - HOUR).toISOString();
    expect(webhookState(webhook({ enabled: false, failingSince: recently }), NOW).text).toBe('Выключен');
  });

  it('says how a delivery went, and when the next try is', () => {
    expect(deliveryStatusText(delivery({ status: 'pending' }), NOW)).toBe('Ожидает');
    expect(deliveryStatusText(delivery({}), NOW)).toBe('Доставлено');
    expect(deliveryStatusText(delivery({ status: 'failed' }), NOW)).toBe('Не доставлено');
    const soon = new Date(NOW + HOUR).toISOString();
    expect(deliveryStatusText(delivery({ status: 'retrying', nextAttemptAt: soon }), NOW)).toMatch(
      /^Повтор в \d\d:\d\d$/,
    );
    expect(lastDeliveryText(null, NOW)).toBe('Доставок ещё не было');
    expect(lastDeliveryText(delivery({}), NOW)).toMatch(
      /^Последняя доставка: Доставлено · HTTP 200 · 28 нояб/,
    );
  });

  it('generates a secret of 32 random bytes in hex', () => {
    const secret = generateSecret();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(generateSecret()).not.toBe(secret);
  });
});
