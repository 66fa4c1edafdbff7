/**
 * Due dates as people read and pick them. The API keeps `dueAt` as an instant (ISO, UTC); the task
 * modal picks a day and an optional time in the viewer's zone, and the card shows it in that zone.
 *
 * The contract has no "date without a time", so a day picked without one is stored as 23:59 of that
 * day in the picker's zone (the task is due until the day ends, which is also when it turns overdue),
 * and a due instant at 23:59 local reads back as a day without a time.
 */
import { dueWindow } from 'contract/apply-patch';

export const DAY_MS = 86_400_000;
const DAY_END_HOURS = 23;
const DAY_END_MINUTES = 59;

/** How a due date stands at a moment: ticked, passed, within a day, or later. */
export type DueState = 'done' | 'overdue' | 'soon' | 'later';

const STATE_WORDS: Record<DueState, string> = {
  done: 'выполнено',
  overdue: 'просрочено',
  soon: 'меньше суток',
  later: '',
};

const pad = (value: number) => String(value).padStart(2, '0');

const isDayEnd = (date: Date) => date.getHours() === DAY_END_HOURS && date.getMinutes() === DAY_END_MINUTES;

const LOCAL_DUE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/;

/** The modal's value of a due instant: 'YYYY-MM-DD' (no time), 'YYYY-MM-DDTHH:mm', or '' for none. */
export function toLocalDue(dueAt: string | null): string {
  if (!dueAt) return '';
  const date = new Date(dueAt);
  if (Number.isNaN(date.getTime())) return '';
  const day = `${String(date.getFullYear()).padStart(4, '0')}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return isDayEnd(date) ? day : `${day}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The instant (ISO, UTC) of the modal's value, taken in the viewer's zone; null for none. */
export function fromLocalDue(value: string): string | null {
  const match = LOCAL_DUE.exec(value);
  if (!match) return null;
  const [, year, month, day, hours, minutes] = match.map(Number) as number[];
  const date = new Date(2000, 0, 1);
  date.setFullYear(year!, month! - 1, day!);
  date.setHours(
    Number.isNaN(hours) ? DAY_END_HOURS : hours!,
    Number.isNaN(minutes) ? DAY_END_MINUTES : minutes!,
    0,
    0,
  );
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function dueState(dueAt: string, done: boolean, now: number): DueState {
  if (done) return 'done';
  const left = Date.parse(dueAt) - now;
  if (left < 0) return 'overdue';
  return left <= DAY_MS ? 'soon' : 'later';
}

let monthFormat: Intl.DateTimeFormat | undefined;

/**
 * '25 ноя, 14:00' (short, the card) or '25 ноября, 14:00' (long, what a screen reader says and the
 * conflict texts show), in the viewer's zone; the year is added when it is not the current one.
 */
/** The month of a day as it follows the number: 'ноября', or 'ноя' short. */
function monthOf(date: Date, length: 'short' | 'long'): string {
  // One formatter for every card, made on first use (like shared/time-text.ts's).
  monthFormat ??= new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long' });
  const month = monthFormat.formatToParts(date).find((part) => part.type === 'month')?.value ?? '';
  // ICU's own short months are 'нояб.', 'февр.': three letters of the genitive read as people write.
  return length === 'short' ? month.slice(0, 3) : month;
}

export function dueText(dueAt: string, now: number, length: 'short' | 'long' = 'short'): string {
  const date = new Date(dueAt);
  let text = `${date.getDate()} ${monthOf(date, length)}`;
  if (date.getFullYear() !== new Date(now).getFullYear()) text += ` ${date.getFullYear()}`;
  if (!isDayEnd(date)) text += `, ${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return text;
}

/** The day's number, its short month and year (local). */
function dayParts(at: string) {
  const date = new Date(at);
  return { day: date.getDate(), month: monthOf(date, 'short'), year: date.getFullYear() };
}

/**
 * A start and due date on the card, by days: '25–28 ноя' (one month), '30 ноя – 2 дек' (two), with
 * the year when it is not this one ('30 дек 2026 – 2 янв 2027'); 'с 25 ноя' without a due date. A
 * range within one day reads as the due date alone ('25 ноя, 14:00').
 */
export function rangeText(startAt: string, dueAt: string | null, now: number): string {
  const thisYear = new Date(now).getFullYear();
  const start = dayParts(startAt);
  if (!dueAt) return `с ${start.day} ${start.month}${start.year === thisYear ? '' : ` ${start.year}`}`;
  const due = dayParts(dueAt);
  if (start.year === due.year && start.month === due.month && start.day === due.day) {
    return dueText(dueAt, now);
  }
  const dueYear = due.year === thisYear && start.year === thisYear ? '' : ` ${due.year}`;
  if (start.year === due.year && start.month === due.month) {
    return `${start.day}–${due.day} ${due.month}${dueYear}`;
  }
  const startYear = start.year === due.year ? '' : ` ${start.year}`;
  return `${start.day} ${start.month}${startYear} – ${due.day} ${due.month}${dueYear}`;
}

/** 'Срок: 25 ноября, 14:00, просрочено': the badge's accessible name. */
export function dueLabel(dueAt: string, done: boolean, now: number): string {
  const word = STATE_WORDS[dueState(dueAt, done, now)];
  return `Срок: ${dueText(dueAt, now, 'long')}${word ? `, ${word}` : ''}`;
}

/** 'Начало: 25 ноября, срок: 28 ноября, просрочено' (or 'Начало: 25 ноября' alone): a range's name. */
export function rangeLabel(startAt: string, dueAt: string | null, done: boolean, now: number): string {
  const start = `Начало: ${dueText(startAt, now, 'long')}`;
  return dueAt ? `${start}, ${dueLabel(dueAt, done, now).replace('Срок', 'срок')}` : start;
}

/** How often a board filtered by 'overdue' asks again: tasks turn overdue without any change. */
export const OVERDUE_REFRESH_MS = 5 * 60_000;

/**
 * When a board filtered by `due` must be fetched again because time alone changes its answer (patches
 * cover every edit): when the viewer's day ends for 'today', the week for 'week', and every few
 * minutes for 'overdue'. Null when nothing changes with time ('none', or no due filter).
 */
export function dueRefreshDelay(due: readonly string[], tz: string, now: number): number | null {
  const window = dueWindow(tz, now);
  const moments: number[] = [];
  if (window && due.includes('today')) moments.push(window.today.end);
  if (window && due.includes('week')) moments.push(window.week.end);
  if (due.includes('overdue')) moments.push(now + OVERDUE_REFRESH_MS);
  return moments.length > 0 ? Math.max(0, Math.min(...moments) - now) : null;
}
