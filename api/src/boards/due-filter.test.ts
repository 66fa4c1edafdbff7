/**
 * GET /api/board/{id} with `due` and `tz`. The clock is set (only Date is faked; tokens are issued
 * before, on the real clock, so they stay valid) to Tuesday 2026-03-10 21:00 UTC, which is already
 * Wednesday 00:00 in Moscow.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addTask,
  boardDetail,
  call,
  editBody,
  seedBoard,
  type TestBoard,
  useTestApp,
} from '../../test/fixtures.js';

const t = useTestApp();

const NOW = '2026-03-10T21:00:00.000Z';

/** The tasks by letter, with their due dates. */
const DUE = {
  // 23:30 on Wednesday in Moscow: today there, tomorrow in UTC.
  A: { dueAt: '2026-03-11T20:30:00.000Z', priority: 'high' },
  // 23:30 on Tuesday in Moscow: yesterday there, today in UTC, and past.
  B: { dueAt: '2026-03-10T20:30:00.000Z', priority: 'high' },
  // Past but ticked done.
  C: { dueAt: '2026-03-09T10:00:00.000Z', dueDone: true },
  D: { dueAt: '2026-03-01T10:00:00.000Z' },
  E: { dueAt: null },
  // Sunday 22:00 UTC, Monday 01:00 in Moscow: this week in UTC, next week in Moscow.
  F: { dueAt: '2026-03-15T22:00:00.000Z' },
  // Sunday 22:00 UTC, Monday 01:00 in Moscow: last week in UTC, this week in Moscow.
  G: { dueAt: '2026-03-08T22:00:00.000Z' },
} as const;
type Letter = keyof typeof DUE;

let b: TestBoard;
const ids = {} as Record<Letter, string>;

beforeAll(async () => {
  b = await seedBoard(t.app);
  for (const [letter, { dueAt, ...rest }] of Object.entries(DUE) as [Letter, (typeof DUE)[Letter]][]) {
    const id = await addTask(t.app, b, b.columns[0], { title: letter });
    const res = await call(
      t.app,
      b.member,
      'PUT',
      '/api/task/edit',
      await editBody(t.app, b, id, { dueAt, ...rest }),
    );
    expect(res.status).toBe(200);
    ids[letter] = id;
  }
});

afterEach(() => {
  vi.useRealTimers();
});

function at(instant: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(instant));
}

/** The letters of the tasks the board shows with `query`, sorted. */
async function shown(query: string): Promise<string[]> {
  const res = await boardDetail(t.app, b.member, b.id, query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const letters = Object.values(res.body.tasks).map((task) => task.title);
  // The column lists exactly the shown tasks.
  expect(res.body.columns[b.columns[0]!]?.taskIds.sort()).toEqual(Object.keys(res.body.tasks).sort());
  return letters.sort();
}

describe('due filter', () => {
  it.each([
    ['?due=today&tz=Europe/Moscow', ['A']],
    ['?due=today', ['B']],
    ['?due=today&tz=UTC', ['B']],
    ['?due=today&tz=%2B03:00', ['A']],
    // An unencoded '+' reads as a space: taken as the '+' it was.
    ['?due=today&tz=+03:00', ['A']],
    ['?due=today&tz=-05:30', ['B']],
    ['?due=week&tz=Europe/Moscow', ['A', 'B', 'C', 'G']],
    ['?due=week', ['A', 'B', 'C', 'F']],
    ['?due=overdue', ['B', 'D', 'G']],
    ['?due=overdue&tz=Asia/Tokyo', ['B', 'D', 'G']],
    ['?due=none', ['E']],
    ['?due=overdue&due=none', ['B', 'D', 'E', 'G']],
    ['?due=none&due=overdue&due=none', ['B', 'D', 'E', 'G']],
    ['?due=today&due=none&tz=Europe/Moscow', ['A', 'E']],
    // AND with the other keys.
    ['?due=today&tz=Europe/Moscow&priority=high', ['A']],
    ['?due=overdue&priority=high', ['B']],
    ['?due=today&priority=low', []],
    ['?search=A&due=week', ['A']],
    // A zone alone filters nothing.
    ['?tz=Europe/Moscow', ['A', 'B', 'C', 'D', 'E', 'F', 'G']],
  ])('%s shows %j', async (query, expected) => {
    at(NOW);
    expect(await shown(query)).toEqual(expected);
  });

  it('starts the week on Monday 00:00 in the viewer’s zone', async () => {
    // Monday 00:00 in Moscow, still Sunday in UTC.
    at('2026-03-15T21:00:00.000Z');
    expect(await shown('?due=week&tz=Europe/Moscow')).toEqual(['F']);
    expect(await shown('?due=today&tz=Europe/Moscow')).toEqual(['F']);
    expect(await shown('?due=week')).toEqual(['A', 'B', 'C', 'F']);
    // A minute earlier Moscow is still in the week before.
    at('2026-03-15T20:59:00.000Z');
    expect(await shown('?due=week&tz=Europe/Moscow')).toEqual(['A', 'B', 'C', 'G']);
  });

  it('answers for the current day and instant, with no change to the board in between', async () => {
    at(NOW);
    expect(await shown('?due=today')).toEqual(['B']);
    expect(await shown('?due=overdue')).toEqual(['B', 'D', 'G']);
    const first = await boardDetail(t.app, b.member, b.id, '?due=today');
    at('2026-03-11T12:00:00.000Z');
    expect(await shown('?due=today')).toEqual(['A']);
    expect(await shown('?due=overdue')).toEqual(['B', 'D', 'G']);
    // The same day, the same answer; A falls due a minute ago: overdue now.
    at('2026-03-11T20:31:00.000Z');
    expect(await shown('?due=today')).toEqual(['A']);
    expect(await shown('?due=overdue')).toEqual(['A', 'B', 'D', 'G']);
    expect(first.body.version).toBe((await boardDetail(t.app, b.member, b.id)).body.version);
  });

  it('keeps today’s answer (with an ETag) but builds every overdue one afresh', async () => {
    at(NOW);
    const today = await t.app.inject({
      url: `/api/board/${b.id}?due=today`,
      headers: { authorization: `Bearer ${b.member.token}` },
    });
    expect(today.headers.etag).toBeDefined();
    const again = await t.app.inject({
      url: `/api/board/${b.id}?due=today&tz=Etc/UTC`,
      headers: { authorization: `Bearer ${b.member.token}`, 'if-none-match': today.headers.etag as string },
    });
    // Another name of the same day: the same answer.
    expect(again.statusCode).toBe(304);
    const overdue = await t.app.inject({
      url: `/api/board/${b.id}?due=overdue`,
      headers: { authorization: `Bearer ${b.member.token}` },
    });
    expect(overdue.statusCode).toBe(200);
    expect(overdue.headers.etag).toBeUndefined();
  });

  it.each([
    ['?due=later', { due: 'Неизвестный срок' }],
    ['?due=today&due=soon', { due: 'Неизвестный срок' }],
    ['?due=today&tz=Mars/Olympus', { tz: 'Неизвестный часовой пояс' }],
    ['?tz=Europe/Nowhere', { tz: 'Неизвестный часовой пояс' }],
    ['?due=today&tz=%2B25:00', { tz: 'Неизвестный часовой пояс' }],
    ['?due=today&tz=%2B3', { tz: 'Неизвестный часовой пояс' }],
    ['?due=today&tz=03:00', { tz: 'Неизвестный часовой пояс' }],
    ['?due=today&tz=', { tz: 'Неизвестный часовой пояс' }],
    [`?due=today&tz=${'Europe/'.repeat(20)}`, { tz: 'Неизвестный часовой пояс' }],
    ['?due=today&tz=UTC&tz=Europe/Moscow', { tz: 'Неизвестный часовой пояс' }],
  ])('%s: 400 %j', async (query, body) => {
    expect(await boardDetail(t.app, b.member, b.id, query)).toEqual({ status: 400, body });
  });

  it('still refuses outsiders', async () => {
    expect((await boardDetail(t.app, b.outsider, b.id, '?due=overdue')).status).toBe(403);
  });
});
