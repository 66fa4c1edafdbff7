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
export function dueText(dueAt: string, now: number, length: 'short' | 'long' = 'short'): string {
  const date = new Date(dueAt);
  // One formatter for every card, made on first use (like shared/time-text.ts's).
  monthFormat ??= new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long' });
  const month = monthFormat.formatToParts(date).find((part) => part.type === 'month')?.value ?? '';
  // ICU's own short months are 'нояб.', 'февр.': three letters of the genitive read as people write.
  let text = `${date.getDate()} ${length === 'short' ? month.slice(0, 3) : month}`;
  if (date.getFullYear() !== new Date(now).getFullYear()) text += ` ${date.getFullYear()}`;
  if (!isDayEnd(date)) text += `, ${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return text;
}

/** 'Срок: 25 ноября, 14:00, просрочено': the badge's accessible name. */
export function dueLabel(dueAt: string, done: boolean, now: number): string {
  const word = STATE_WORDS[dueState(dueAt, done, now)];
  return `Срок: ${dueText(dueAt, now, 'long')}${word ? `, ${word}` : ''}`;
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
