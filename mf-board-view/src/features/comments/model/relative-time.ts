/** Comments are dated 10 s earlier than stored, so a fresh one never reads "через 2 секунды" (SPEC 9). */
export const COMMENT_TIME_SHIFT_MS = 10_000;

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

// Made on first use, like shared/time-text.ts's formatter.
let format: Intl.RelativeTimeFormat | undefined;

/** '10 секунд назад', '5 минут назад', 'вчера'… for a comment created at `createdAt`. */
export function commentTime(createdAt: string | Date, now: number = Date.now()): string {
  const time = new Date(createdAt).getTime() - COMMENT_TIME_SHIFT_MS;
  if (Number.isNaN(time)) return '';
  // Never in the future, whatever the clocks say: at most 'сейчас'.
  const seconds = Math.min(0, Math.round((time - now) / 1000));
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') {
      format ??= new Intl.RelativeTimeFormat('ru', { numeric: 'auto' });
      return format.format(Math.trunc(seconds / size), unit);
    }
  }
  return '';
}
