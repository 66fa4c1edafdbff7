import { describe, expect, it } from 'vitest';
import { dueText, isoWeekday } from './due-time';
import { dueGroupOf, groupTasks } from './group-tasks';

const MOSCOW = 'Europe/Moscow'; // UTC+3 all year
const NEW_YORK = 'America/New_York'; // UTC-4 until 1 Nov 2026 02:00, then UTC-5

/** Wednesday 25 November 2026, 14:00 in Moscow. */
const WEDNESDAY = Date.parse('2026-11-25T11:00:00Z');

const group = (dueAt: string | null, now = WEDNESDAY, zone = MOSCOW, dueDone = false) =>
  dueGroupOf({ dueAt, dueDone }, now, zone);

describe('due groups', () => {
  it('puts a passed moment in Просрочено and the rest of today in Сегодня', () => {
    expect(group('2026-11-20T09:00:00Z')).toBe('overdue');
    expect(group('2026-11-25T10:59:00Z')).toBe('overdue'); // 13:59, a minute ago
    expect(group('2026-11-25T11:00:00Z')).toBe('today'); // now
    expect(group('2026-11-25T20:59:00Z')).toBe('today'); // 23:59
  });

  it('ends the week at the end of Sunday and starts Позже at Monday midnight', () => {
    expect(group('2026-11-25T21:00:00Z')).toBe('week'); // Thursday 00:00
    expect(group('2026-11-29T20:59:59Z')).toBe('week'); // Sunday 23:59:59
    expect(group('2026-11-29T21:00:00Z')).toBe('later'); // Monday 00:00
    expect(group('2027-03-01T09:00:00Z')).toBe('later');
  });

  it('has no week left on a Sunday, and a whole one on a Monday', () => {
    const sunday = Date.parse('2026-11-29T09:00:00Z'); // Sunday 12:00
    expect(group('2026-11-29T20:00:00Z', sunday)).toBe('today');
    expect(group('2026-11-29T21:00:00Z', sunday)).toBe('later');

    const monday = Date.parse('2026-11-29T21:00:00Z'); // Monday 00:00
    expect(group('2026-11-29T21:30:00Z', monday)).toBe('today');
    expect(group('2026-12-06T20:59:00Z', monday)).toBe('week'); // the next Sunday 23:59
    expect(group('2026-11-29T20:59:00Z', monday)).toBe('overdue'); // Sunday 23:59
  });

  it("reads days in the viewer's zone", () => {
    // 22:00 UTC is 01:00 on Thursday in Moscow but 17:00 on Wednesday in New York (06:00 there now).
    expect(group('2026-11-25T22:00:00Z', WEDNESDAY, MOSCOW)).toBe('week');
    expect(group('2026-11-25T22:00:00Z', WEDNESDAY, NEW_YORK)).toBe('today');
  });

  it('counts calendar days across a daylight saving change', () => {
    const saturday = Date.parse('2026-10-31T16:00:00Z'); // Saturday 12:00 EDT
    expect(group('2026-11-02T04:30:00Z', saturday, NEW_YORK)).toBe('week'); // Sunday 23:30 EST
    expect(group('2026-11-02T05:00:00Z', saturday, NEW_YORK)).toBe('later'); // Monday 00:00 EST
    expect(group('2026-11-01T03:59:00Z', saturday, NEW_YORK)).toBe('today'); // Saturday 23:59 EDT
  });

  it('puts done due dates in Выполнено wherever they fall, and no date in Без срока', () => {
    expect(group('2026-11-20T09:00:00Z', WEDNESDAY, MOSCOW, true)).toBe('done');
    expect(group('2026-12-20T09:00:00Z', WEDNESDAY, MOSCOW, true)).toBe('done');
    expect(group(null)).toBe('none');
    expect(group(null, WEDNESDAY, MOSCOW, true)).toBe('none');
  });
});

describe('groupTasks', () => {
  const task = (number: number, dueAt: string | null, board = 'Ремонт', dueDone = false) => ({
    number,
    title: `Задача ${number}`,
    dueAt,
    dueDone,
    board: { name: board },
  });

  it('gives the non-empty groups in order, soonest first, then by board and number', () => {
    const groups = groupTasks(
      [
        task(1, null, 'Отпуск'),
        task(2, '2026-11-27T09:00:00Z'),
        task(3, '2026-11-24T09:00:00Z'),
        task(4, null, 'Дача'),
        task(5, '2026-11-26T09:00:00Z', 'Ремонт'),
        task(6, '2026-11-26T09:00:00Z', 'Дача'),
        task(7, '2026-11-10T09:00:00Z', 'Ремонт', true),
        task(8, '2026-11-20T09:00:00Z', 'Ремонт', true),
        task(9, null, 'Дача'),
      ],
      WEDNESDAY,
      MOSCOW,
    );
    expect(groups.map((item) => [item.title, item.tasks.map((one) => one.number)])).toEqual([
      ['Просрочено', [3]],
      ['На этой неделе', [6, 5, 2]],
      ['Без срока', [4, 9, 1]],
      ['Выполнено', [8, 7]],
    ]);
  });

  it('gives nothing for no tasks', () => {
    expect(groupTasks([], WEDNESDAY, MOSCOW)).toEqual([]);
  });
});

describe('due text', () => {
  it("shows day, short month and time in the viewer's zone, with the year when it is another", () => {
    expect(dueText('2026-11-25T11:00:00Z', WEDNESDAY, MOSCOW)).toBe('25 ноя, 14:00');
    expect(dueText('2026-11-25T11:00:00Z', WEDNESDAY, NEW_YORK)).toBe('25 ноя, 06:00');
    expect(dueText('2027-01-03T06:30:00Z', WEDNESDAY, MOSCOW)).toBe('3 янв 2027, 09:30');
    expect(dueText('2026-05-09T21:05:00Z', WEDNESDAY, MOSCOW)).toBe('10 мая, 00:05');
  });

  it('numbers weekdays as ISO does', () => {
    // 1970-01-01 was a Thursday; 2026-11-29 a Sunday.
    expect(isoWeekday(0)).toBe(4);
    expect(isoWeekday(Date.UTC(2026, 10, 29) / 86_400_000)).toBe(7);
    expect(isoWeekday(Date.UTC(2026, 10, 30) / 86_400_000)).toBe(1);
    expect(isoWeekday(-1)).toBe(3);
  });
});
