import type { NotificationItem } from './api/get-notifications';

/** What a notification says about its task. */
export function notificationText({ kind, task }: Pick<NotificationItem, 'kind' | 'task'>): string {
  return kind === 'overdue'
    ? `Срок задачи «${task.title}» истёк`
    : `Срок задачи «${task.title}» истекает через 24 часа`;
}

/** The bell's accessible name: 'Уведомления, 3 непрочитанных' ('…, 1 непрочитанное'). */
export function bellLabel(unread: number | null): string {
  if (!unread) return 'Уведомления';
  const one = unread % 10 === 1 && unread % 100 !== 11;
  return `Уведомления, ${unread} ${one ? 'непрочитанное' : 'непрочитанных'}`;
}

const relative = new Intl.RelativeTimeFormat('ru', { numeric: 'auto' });
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 'только что', '5 минут назад', '3 часа назад', 'вчера', '4 дня назад', then '12 нояб. 2026 г.'. */
export function relativeTime(at: string, now: number = Date.now()): string {
  const time = Date.parse(at);
  const ago = now - time;
  if (ago < MINUTE) return 'только что';
  if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return relative.format(-Math.floor(ago / HOUR), 'hour');
  if (ago < 7 * DAY) return relative.format(-Math.floor(ago / DAY), 'day');
  return new Intl.DateTimeFormat('ru', { day: 'numeric', month: 'short', year: 'numeric' }).format(time);
}

/** The exact moment, for the time's tooltip: '25 ноября 2026 г., 14:00'. */
export function exactTime(at: string): string {
  return new Intl.DateTimeFormat('ru', { dateStyle: 'long', timeStyle: 'short' }).format(Date.parse(at));
}
