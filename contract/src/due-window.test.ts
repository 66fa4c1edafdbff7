import { describe, expect, it } from 'vitest';
import { type DueWindow, dueConditions, dueMatches, dueWindow, isTimeZone } from './due-window.js';

const ms = (iso: string) => Date.parse(iso);

/** The window as ISO strings, easier to read in a failure. */
function iso(window: DueWindow | null) {
  if (!window) return null;
  const text = (instant: number) => new Date(instant).toISOString();
  return {
    today: [text(window.today.start), text(window.today.end)],
    week: [text(window.week.start), text(window.week.end)],
  };
}

describe('dueWindow', () => {
  it('counts the day and ISO week in UTC without a zone', () => {
    // Sunday.
    expect(iso(dueWindow(undefined, ms('2026-03-15T23:59:59.999Z')))).toEqual({
      today: ['2026-03-15T00:00:00.000Z', '2026-03-16T00:00:00.000Z'],
      week: ['2026-03-09T00:00:00.000Z', '2026-03-16T00:00:00.000Z'],
    });
    // Monday 00:00 starts a week.
    expect(iso(dueWindow(undefined, ms('2026-03-16T00:00:00.000Z')))?.week).toEqual([
      '2026-03-16T00:00:00.000Z',
      '2026-03-23T00:00:00.000Z',
    ]);
  });

  it('reads a zone name and the same offset alike', () => {
    const now = ms('2026-03-10T21:00:00Z'); // Wednesday 00:00 in Moscow
    const moscow = {
      today: ['2026-03-10T21:00:00.000Z', '2026-03-11T21:00:00.000Z'],
      week: ['2026-03-08T21:00:00.000Z', '2026-03-15T21:00:00.000Z'],
    };
    expect(iso(dueWindow('Europe/Moscow', now))).toEqual(moscow);
    expect(iso(dueWindow('+03:00', now))).toEqual(moscow);
    expect(iso(dueWindow(' 03:00', now))).toEqual(moscow);
    expect(iso(dueWindow('-05:30', now))).toEqual({
      today: ['2026-03-10T05:30:00.000Z', '2026-03-11T05:30:00.000Z'],
      week: ['2026-03-09T05:30:00.000Z', '2026-03-16T05:30:00.000Z'],
    });
    // Across the year: Thursday 1 January 2026 belongs to the week from Monday 29 December.
    expect(iso(dueWindow('Europe/Moscow', ms('2026-01-01T12:00:00Z')))?.week).toEqual([
      '2025-12-28T21:00:00.000Z',
      '2026-01-04T21:00:00.000Z',
    ]);
  });

  it('follows daylight saving time: days of 23 and 25 hours', () => {
    expect(iso(dueWindow('America/New_York', ms('2026-03-08T12:00:00Z')))).toEqual({
      today: ['2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z'],
      week: ['2026-03-02T05:00:00.000Z', '2026-03-09T04:00:00.000Z'],
    });
    expect(iso(dueWindow('Europe/Berlin', ms('2026-10-25T12:00:00Z')))?.today).toEqual([
      '2026-10-24T22:00:00.000Z',
      '2026-10-25T23:00:00.000Z',
    ]);
    // Asked before the clocks go back: the same 25-hour day.
    expect(iso(dueWindow('Europe/Berlin', ms('2026-10-25T00:30:00Z')))?.today).toEqual([
      '2026-10-24T22:00:00.000Z',
      '2026-10-25T23:00:00.000Z',
    ]);
  });

  it('starts a day at the jump where clocks skip midnight, and at the first midnight where it repeats', () => {
    // Chile: on 6 September 2026 clocks go from 00:00 to 01:00 (-04 to -03).
    expect(iso(dueWindow('America/Santiago', ms('2026-09-06T12:00:00Z')))?.today).toEqual([
      '2026-09-06T04:00:00.000Z',
      '2026-09-07T03:00:00.000Z',
    ]);
    // On 5 April 2026 they go from 00:00 back to 23:00 of the day before: 5 April starts at the second
    // midnight, the first 00:00 never shows.
    expect(iso(dueWindow('America/Santiago', ms('2026-04-05T12:00:00Z')))?.today).toEqual([
      '2026-04-05T04:00:00.000Z',
      '2026-04-06T04:00:00.000Z',
    ]);
  });

  it('knows zone names and offsets, nothing else', () => {
    for (const tz of ['UTC', 'Europe/Moscow', 'america/new_york', 'Etc/GMT-3', '+03:00', '-05:30', '+14:00'])
      expect([tz, isTimeZone(tz)]).toEqual([tz, true]);
    for (const tz of ['', 'Mars/Olympus', '+3', '03:00', '+25:00', '+03:60', '+0300', 'x'.repeat(65)])
      expect([tz, isTimeZone(tz)]).toEqual([tz, false]);
    expect(dueWindow('Mars/Olympus', 0)).toBeNull();
    expect(dueConditions({ due: ['today'], tz: 'Mars/Olympus' }, 0)).toBeNull();
  });
});

describe('dueConditions and dueMatches', () => {
  const now = ms('2026-03-10T21:00:00Z');
  const task = (dueAt: string | null, dueDone = false) => ({ dueAt, dueDone });
  const matches = (due: ('overdue' | 'today' | 'week' | 'none')[], t: ReturnType<typeof task>, tz?: string) =>
    dueMatches(t, dueConditions({ due, tz }, now)!);

  it('overdue: due before now and not done', () => {
    expect(matches(['overdue'], task('2026-03-10T20:59:59.999Z'))).toBe(true);
    expect(matches(['overdue'], task('2026-03-10T21:00:00.000Z'))).toBe(false);
    expect(matches(['overdue'], task('2026-03-01T00:00:00.000Z', true))).toBe(false);
    expect(matches(['overdue'], task(null))).toBe(false);
  });

  it('today and week: start included, end excluded, done or not', () => {
    expect(matches(['today'], task('2026-03-10T21:00:00.000Z'), 'Europe/Moscow')).toBe(true);
    expect(matches(['today'], task('2026-03-11T20:59:59.999Z', true), 'Europe/Moscow')).toBe(true);
    expect(matches(['today'], task('2026-03-11T21:00:00.000Z'), 'Europe/Moscow')).toBe(false);
    expect(matches(['today'], task('2026-03-10T20:59:59.999Z'), 'Europe/Moscow')).toBe(false);
    expect(matches(['today'], task('2026-03-10T20:59:59.999Z'))).toBe(true);
    expect(matches(['week'], task('2026-03-15T22:00:00.000Z'))).toBe(true);
    expect(matches(['week'], task('2026-03-15T22:00:00.000Z'), 'Europe/Moscow')).toBe(false);
    expect(matches(['week'], task(null))).toBe(false);
  });

  it('none, OR of values, and no values at all', () => {
    expect(matches(['none'], task(null))).toBe(true);
    expect(matches(['none'], task('2026-03-10T21:00:00.000Z'))).toBe(false);
    expect(matches(['none', 'overdue'], task('2026-03-01T00:00:00.000Z'))).toBe(true);
    expect(matches([], task('2026-03-01T00:00:00.000Z'))).toBe(true);
    expect(dueConditions({ due: ['week', 'today', 'week'] }, now)?.length).toBe(2);
  });
  it('today and week: a task whose [startAt, dueAt] range overlaps the window', () => {
    // Today in UTC: [2026-03-10T00:00Z, 2026-03-11T00:00Z).
    const ranged = (startAt: string | null, dueAt: string | null) => ({ dueAt, startAt, dueDone: false });
    expect(
      dueMatches(
        ranged('2026-03-01T00:00:00Z', '2026-03-20T00:00:00Z'),
        dueConditions({ due: ['today'] }, now)!,
      ),
    ).toBe(true);
    expect(
      dueMatches(
        ranged('2026-03-10T23:59:59Z', '2026-03-20T00:00:00Z'),
        dueConditions({ due: ['today'] }, now)!,
      ),
    ).toBe(true);
    expect(
      dueMatches(
        ranged('2026-03-11T00:00:00Z', '2026-03-20T00:00:00Z'),
        dueConditions({ due: ['today'] }, now)!,
      ),
    ).toBe(false);
    expect(
      dueMatches(
        ranged('2026-03-01T00:00:00Z', '2026-03-09T23:59:59Z'),
        dueConditions({ due: ['today'] }, now)!,
      ),
    ).toBe(false);
    // A start alone is a one-instant range; 'none' and 'overdue' read the due date only.
    expect(dueMatches(ranged('2026-03-10T12:00:00Z', null), dueConditions({ due: ['today'] }, now)!)).toBe(
      true,
    );
    expect(dueMatches(ranged('2026-03-10T12:00:00Z', null), dueConditions({ due: ['none'] }, now)!)).toBe(
      true,
    );
    expect(dueMatches(ranged('2026-03-10T12:00:00Z', null), dueConditions({ due: ['overdue'] }, now)!)).toBe(
      false,
    );
  });
});
