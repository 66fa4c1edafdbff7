/**
 * The due-date filter of GET /api/board/{id} (`due`, repeatable, and `tz`): the one definition of
 * what each value means, read by the board query (boards/detail.ts, as SQL) and by the patch reader
 * (contract/src/apply-patch.ts, in JS), so both decide alike. Plain code with no dependency: the
 * front ends import it through 'contract/apply-patch'.
 *
 * - overdue: due before now and not ticked done (`dueDone`);
 * - today: due within the viewer's current calendar day, [00:00, next day's 00:00) in their zone;
 * - week: due within the current ISO week, [Monday 00:00, next Monday 00:00) in their zone;
 * - none: no due date.
 * A task with a start date (`startAt`) is in `today` and `week` when its range [startAt, dueAt]
 * overlaps the window (a start alone is a one-instant range): a task under way this week is in it.
 * Values are ORed; the due filter is ANDed with the other keys. `today` and `week` include tasks
 * ticked done.
 *
 * `tz` is an IANA zone name ('Europe/Moscow', read through Intl) or a fixed offset ('+03:00',
 * '-05:30'); absent means UTC. The windows' ends are computed here as instants and only instants go
 * to SQL, never a zone: PostgreSQL reads `AT TIME ZONE '+03:00'` as POSIX, three hours *west*. A day
 * is not always 24 hours (DST), and where clocks jump at midnight (America/Santiago, for one) the day
 * starts when they jump: a day's start is the first instant whose local date is that day.
 */

export const DUE_VALUES = ['overdue', 'today', 'week', 'none'] as const;
export type DueValue = (typeof DUE_VALUES)[number];

/** What a board filter needs for its due part: the values and the viewer's zone. */
export interface DueFilter {
  due?: readonly DueValue[];
  tz?: string;
}

/** An interval of instants in ms since the epoch: `start` included, `end` excluded. */
export interface Interval {
  start: number;
  end: number;
}

/** The viewer's windows at `now`. */
export interface DueWindow {
  now: number;
  today: Interval;
  week: Interval;
}

/** One value of the filter as a test of a task's due date; a task passes if it passes any. */
export type DueCondition =
  | { kind: 'none' }
  /** the task's [startAt ?? dueAt, dueAt ?? startAt] overlaps [start, end) */
  | { kind: 'within'; start: number; end: number }
  /** dueAt < now and not done; the only condition that changes as time passes. */
  | { kind: 'overdue'; now: number };

const DAY = 86_400_000;
const MAX_ZONE_LENGTH = 64;
/** '+03:00', '-05:30'; a leading space is a '+' that reached the query string unencoded. */
const OFFSET = /^([+\- ])(\d{2}):(\d{2})$/;

/** A zone as its offset from UTC (ms) at each instant. */
type Zone = (instant: number) => number;

const zones = new Map<string, Zone>();

function fixedOffset(text: string): Zone | null {
  const match = OFFSET.exec(text);
  if (!match) return null;
  const hours = Number(match[2]);
  const minutes = Number(match[3]);
  if (hours > 18 || minutes > 59) return null;
  const offset = (match[1] === '-' ? -1 : 1) * (hours * 60 + minutes) * 60_000;
  return () => offset;
}

function namedZone(name: string): Zone | null {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: name,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    return null;
  }
  return (instant) => {
    const seconds = Math.floor(instant / 1000) * 1000;
    const parts: Record<string, number> = {};
    for (const part of format.formatToParts(seconds)) parts[part.type] = Number(part.value);
    const wall = Date.UTC(
      parts.year ?? 1970,
      (parts.month ?? 1) - 1,
      parts.day ?? 1,
      (parts.hour ?? 0) % 24,
      parts.minute ?? 0,
      parts.second ?? 0,
    );
    return wall - seconds;
  };
}

/** The zone named by `tz` (UTC when absent), or null when it is neither a known zone nor an offset. */
function zoneOf(tz: string | undefined): Zone | null {
  if (tz === undefined) return () => 0;
  if (tz.length > MAX_ZONE_LENGTH) return null;
  const known = zones.get(tz);
  if (known) return known;
  const zone = fixedOffset(tz) ?? namedZone(tz);
  if (!zone) return null;
  // Names are case-insensitive, so many strings name one zone; the memo stays small regardless.
  if (zones.size >= 1000) zones.clear();
  zones.set(tz, zone);
  return zone;
}

/** Whether `tz` is an IANA zone name or an offset ±HH:MM this filter accepts. */
export const isTimeZone = (tz: string): boolean => zoneOf(tz) !== null;

/**
 * The first instant whose local time in `zone` is the wall time `wall` (Date.UTC of its fields); a
 * wall time the clocks jumped over is taken by the offset before the jump.
 */
function instantOfWall(zone: Zone, wall: number): number {
  // The offsets in force a day either side: zones change offset at most once in two days.
  const before = zone(wall - DAY);
  const after = zone(wall + DAY);
  const valid = [wall - before, wall - after].filter((instant) => instant + zone(instant) === wall);
  // The time exists (twice when clocks go back over it: the first one counts).
  if (valid.length > 0) return Math.min(...valid);
  return wall - before;
}

/** The first instant whose local date in `zone` is (year, month, day); day may overflow, as in Date.UTC. */
const startOfDay = (zone: Zone, year: number, month: number, day: number): number =>
  instantOfWall(zone, Date.UTC(year, month, day));

/**
 * The instant a local date and time in `tz` names (month from 0, as in Date.UTC), or null for an
 * unknown zone: how a date typed without a zone ('25.11.2026 18:00') is read in its writer's zone.
 */
export function localInstant(
  tz: string,
  [year, month, day, hour = 0, minute = 0]: [number, number, number, number?, number?],
): number | null {
  const zone = zoneOf(tz);
  return zone ? instantOfWall(zone, Date.UTC(year, month, day, hour, minute)) : null;
}

/** The viewer's day and ISO week at `now`, or null for an unknown zone. */
export function dueWindow(tz: string | undefined, now: Date | number): DueWindow | null {
  const zone = zoneOf(tz);
  if (!zone) return null;
  const instant = typeof now === 'number' ? now : now.getTime();
  const local = new Date(instant + zone(instant));
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth();
  const day = local.getUTCDate();
  const monday = day - ((local.getUTCDay() + 6) % 7);
  return {
    now: instant,
    today: { start: startOfDay(zone, year, month, day), end: startOfDay(zone, year, month, day + 1) },
    week: { start: startOfDay(zone, year, month, monday), end: startOfDay(zone, year, month, monday + 7) },
  };
}

const CONDITIONS: Record<DueValue, (window: DueWindow) => DueCondition> = {
  overdue: (window) => ({ kind: 'overdue', now: window.now }),
  today: (window) => ({ kind: 'within', ...window.today }),
  week: (window) => ({ kind: 'within', ...window.week }),
  none: () => ({ kind: 'none' }),
};

/**
 * The filter's values as conditions at `now` (empty for no due filter), or null for an unknown zone.
 * Duplicates count once.
 */
export function dueConditions(filter: DueFilter, now: Date | number): DueCondition[] | null {
  const window = dueWindow(filter.tz, now);
  if (!window) return null;
  const values = new Set(filter.due ?? []);
  return DUE_VALUES.filter((value) => values.has(value)).map((value) => CONDITIONS[value](window));
}

/** Whether a task with this due date passes any of the conditions (true when there are none). */
export function dueMatches(
  task: { dueAt: string | null; dueDone: boolean; startAt?: string | null },
  conditions: readonly DueCondition[],
): boolean {
  if (conditions.length === 0) return true;
  const at = task.dueAt === null ? null : Date.parse(task.dueAt);
  const from = task.startAt ? Date.parse(task.startAt) : at;
  return conditions.some((condition) => {
    if (condition.kind === 'none') return at === null;
    if (condition.kind === 'overdue') return at !== null && at < condition.now && !task.dueDone;
    if (from === null) return false;
    return rangeOverlaps(from, at ?? from, condition);
  });
}

/** Whether the range [first, last] (instants in ms) overlaps the interval [start, end). */
export const rangeOverlaps = (first: number, last: number, { start, end }: Interval): boolean =>
  first < end && last >= start;
