/**
 * A webhook's events and their Russian titles, with no schema library: the API's schemas
 * (webhooks.ts) and the board screen's dialog both read them from here, so the screen's bundle does
 * not carry typebox.
 */

/** The events a webhook may subscribe to. */
export const WEBHOOK_EVENTS = [
  'task.created',
  'task.updated',
  'task.moved',
  'task.archived',
  'task.deleted',
  'comment.created',
  'checklist.item.checked',
  'member.joined',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What 'Отправить тест' sends: no change behind it, only the board and who asked. */
export const PING_EVENT = 'ping';
export type DeliveredEvent = WebhookEvent | typeof PING_EVENT;

export const WEBHOOK_EVENT_TITLES: Record<WebhookEvent, string> = {
  'task.created': 'Задача создана',
  'task.updated': 'Задача изменена',
  'task.moved': 'Задача перенесена в другую колонку',
  'task.archived': 'Задача отправлена в архив',
  'task.deleted': 'Задача удалена',
  'comment.created': 'Новый комментарий',
  'checklist.item.checked': 'Пункт чек-листа отмечен',
  'member.joined': 'Участник присоединился к доске',
};

/** A webhook that failed for this long is switched off and the board's administrators are told. */
export const SWITCH_OFF_AFTER_MS = 3 * 24 * 3_600_000;
