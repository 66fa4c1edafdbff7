/**
 * Calendar arithmetic in the viewer's time zone without a date library: a moment's calendar day in a
 * zone is read with Intl, and days are counted on those calendar dates (as UTC dates), so a daylight
 * saving change never shifts a day boundary.
 */

/** The viewer's time zone, e.g. 'Europe/Moscow'. */
export const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date and wall-clock time of `time` in `timeZone`. */
export function zonedParts(time: number, timeZone: string): ZonedParts {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    partsFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(time).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

/** A calendar date as a number that orders like the dates: days since 1970-01-01. */
export function dayNumber(time: number, timeZone: string): number {
  const { year, month, day } = zonedParts(time, timeZone);
  return Date.UTC(year, month - 1, day) / 86_400_000;
}

/** 1 for Monday … 7 for Sunday (ISO), of a day number. */
export function isoWeekday(day: number): number {
  // 1970-01-01 was a Thursday (4).
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

const MONTHS = ['янв', 'фев', 'мар', 'апр', 'мая', 'июн', 'июл', 'авг', 'сен', 'окт', 'ноя', 'дек'];
const pad = (value: number) => String(value).padStart(2, '0');

/** '25 ноя, 14:00' in `timeZone`, with the year when it is not the current one ('3 янв 2027, 09:30'). */
export function dueText(dueAt: string, now: number, timeZone: string): string {
  const due = zonedParts(Date.parse(dueAt), timeZone);
  const year = due.year === zonedParts(now, timeZone).year ? '' : ` ${due.year}`;
  return `${due.day} ${MONTHS[due.month - 1]}${year}, ${pad(due.hour)}:${pad(due.minute)}`;
}
