/**
 * What a notification says. Reminders name the task's due date; the others say what happened to a
 * task the user is mentioned in or watches. The actor carries no gender, so, like the activity log and
 * the notification e-mails, the sentence is impersonal and the author follows after a dash
 * ('Задача «Отчёт» перенесена в «Готово» — Анна'). Every field of `data` may be missing: it reads as
 * nothing, and a kind this client does not know yet reads as a change to the task.
 */
import { shortDate } from 'shared-ui';
import type { NotificationItem } from './api/get-notifications';

type Described = Pick<NotificationItem, 'kind' | 'task'> &
  Partial<Pick<NotificationItem, 'actor' | 'data' | 'board'>>;

/** Who did it: a null actor (the account is gone) reads 'кто-то'. */
const author = (actor: NotificationItem['actor']) => ` — ${actor?.name || 'кто-то'}`;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** What a notification says about its task (or its board), in one sentence. */
export function notificationText(
  { kind, task, actor, data, board }: Described,
  now: number = Date.now(),
): string {
  const title = `«${task?.title ?? ''}»`;
  const by = author(actor);
  switch (kind) {
    case 'overdue':
      return `Срок задачи ${title} истёк`;
    case 'due-soon':
      return `Срок задачи ${title} истекает через 24 часа`;
    case 'mention':
      return `Вас упомянули в ${title}${by}`;
    case 'comment':
      return `Новый комментарий к ${title}${by}`;
    case 'assigned':
      return `Вас назначили исполнителем ${title}${by}`;
    case 'moved': {
      const to = text(data?.to);
      return `Задача ${title} перенесена${to ? ` в «${to}»` : ''}${by}`;
    }
    case 'due-changed': {
      const to = text(data?.to);
      const date = to && shortDate(to, now);
      if (!date) return `Срок задачи ${title} убран${by}`;
      return `Срок задачи ${title} ${text(data?.from) ? 'изменён' : 'назначен'}: ${date}${by}`;
    }
    // About the board itself: the API's text (contract/src/webhooks.ts `switchedOffText`).
    case 'webhook-disabled':
      return `Вебхук ${text(data?.url) ?? ''} на доске «${board?.name ?? ''}» отключён: 3 дня без ответа`;
    default:
      // Every kind has its text (a new one without it fails tsc here); a kind from a newer API reads
      // as a change to the task.
      kind satisfies never;
      return `Изменения в задаче ${title}${by}`;
  }
}

/** The comment a mention or a comment notification is about, as the API cut it; null for the rest. */
export function notificationExcerpt({
  kind,
  data,
}: Partial<Pick<NotificationItem, 'kind' | 'data'>>): string | null {
  if (kind !== 'mention' && kind !== 'comment') return null;
  return text(data?.text)?.trim() || null;
}

/** Made on first use (see shared-ui's shortDate). */
let relative: Intl.RelativeTimeFormat | undefined;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 'только что', '5 минут назад', '3 часа назад', 'вчера', '4 дня назад', then '12 нояб. 2026 г.'. */
export function relativeTime(at: string, now: number = Date.now()): string {
  const time = Date.parse(at);
  // A moment the clocks put a little ahead reads as just now, never in the future.
  const ago = Math.max(0, now - time);
  if (ago < MINUTE) return 'только что';
  relative ??= new Intl.RelativeTimeFormat('ru', { numeric: 'auto' });
  if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return relative.format(-Math.floor(ago / HOUR), 'hour');
  if (ago < 7 * DAY) return relative.format(-Math.floor(ago / DAY), 'day');
  return new Intl.DateTimeFormat('ru', { day: 'numeric', month: 'short', year: 'numeric' }).format(time);
}

/** The exact moment, for the time's tooltip: '25 ноября 2026 г., 14:00'. */
export function exactTime(at: string): string {
  return new Intl.DateTimeFormat('ru', { dateStyle: 'long', timeStyle: 'short' }).format(Date.parse(at));
}
