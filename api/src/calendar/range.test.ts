/**
 * GET /api/board/{boardId}/calendar (issue 33): the tasks whose dates overlap a range, with the
 * board's filters, in the viewer's zone; the undated ones for the side list; bad input field-keyed,
 * outsiders refused first.
 */
import { describe, expect, it } from 'vitest';
import {
  addTask,
  call,
  editBody,
  FORBIDDEN,
  NOT_FOUND,
  seedBoard,
  type TestBoard,
  useTestApp,
} from '../../test/fixtures.js';

const t = useTestApp();

const calendar = (b: TestBoard, query: string, who = b.member) =>
  call(t.app, who, 'GET', `/api/board/${b.id}/calendar?${query}`);

async function dated(b: TestBoard, title: string, dates: object, extra: object = {}): Promise<string> {
  const taskId = await addTask(t.app, b, b.columns[0], { title, ...extra });
  const res = await call(t.app, b.member, 'PUT', '/api/task/edit', await editBody(t.app, b, taskId, dates));
  expect(res.status).toBe(200);
  return taskId;
}

const titles = (tasks: { title: string }[]) => tasks.map((task) => task.title);

describe('GET /api/board/{boardId}/calendar', () => {
  it('answers the tasks whose [start, due] overlaps [from, to), by first date, and the undated ones', async () => {
    const b = await seedBoard(t.app);
    await dated(b, 'Срок внутри', { dueAt: '2031-03-05T10:00:00Z' });
    await dated(b, 'Тянется через начало', {
      startAt: '2031-02-20T10:00:00Z',
      dueAt: '2031-03-02T10:00:00Z',
    });
    await dated(b, 'Накрывает всё', { startAt: '2031-02-01T00:00:00Z', dueAt: '2031-04-01T00:00:00Z' });
    await dated(b, 'Только начало', { startAt: '2031-03-07T23:59:59Z' });
    await dated(b, 'Срок в конце (не входит)', { dueAt: '2031-03-08T00:00:00Z' });
    await dated(b, 'Кончилось до', { startAt: '2031-02-01T00:00:00Z', dueAt: '2031-02-28T23:59:59Z' });
    await addTask(t.app, b, b.columns[1], { title: 'Без дат' });
    await addTask(t.app, b, b.columns[0], { title: 'Тоже без дат' });

    const res = await calendar(b, 'from=2031-03-01&to=2031-03-08');
    expect(res.status).toBe(200);
    expect(titles(res.body.tasks)).toEqual([
      'Накрывает всё',
      'Тянется через начало',
      'Срок внутри',
      'Только начало',
    ]);
    expect(res.body.tasks[0]).toMatchObject({
      startAt: '2031-02-01T00:00:00.000Z',
      dueAt: '2031-04-01T00:00:00.000Z',
      boardId: b.id,
      columnId: b.columns[0],
    });
    // Board order: column by column.
    expect(titles(res.body.undated)).toEqual(['Тоже без дат', 'Без дат']);
    expect(res.body.undatedCount).toBe(2);

    const instants = await calendar(b, 'from=2031-03-05T10:00:00Z&to=2031-03-05T10:00:01Z');
    expect(titles(instants.body.tasks)).toEqual(['Накрывает всё', 'Срок внутри']);
  });

  it("reads dates at midnight in the viewer's zone", async () => {
    const b = await seedBoard(t.app);
    // 01:00 on 1 March in Moscow, still 28 February in UTC.
    await dated(b, 'Ночью', { dueAt: '2031-02-28T22:00:00Z' });
    expect(titles((await calendar(b, 'from=2031-03-01&to=2031-03-02')).body.tasks)).toEqual([]);
    const moscow = await calendar(b, 'from=2031-03-01&to=2031-03-02&tz=Europe/Moscow');
    expect(titles(moscow.body.tasks)).toEqual(['Ночью']);
    const offset = await calendar(b, `from=2031-03-01&to=2031-03-02&tz=${encodeURIComponent('+03:00')}`);
    expect(titles(offset.body.tasks)).toEqual(['Ночью']);
  });

  it("applies the board's filters to both lists", async () => {
    const b = await seedBoard(t.app);
    await dated(b, 'Моя', { dueAt: '2031-03-03T10:00:00Z' }, { assignees: [b.member.id], priority: 'high' });
    await dated(b, 'Чужая', { dueAt: '2031-03-03T11:00:00Z' }, { assignees: [b.creator.id] });
    await addTask(t.app, b, b.columns[0], { title: 'Моя без даты', assignees: [b.member.id] });
    await addTask(t.app, b, b.columns[0], { title: 'Чужая без даты' });

    const mine = await calendar(b, `from=2031-03-01&to=2031-03-31&assignee=${b.member.id}`);
    expect(titles(mine.body.tasks)).toEqual(['Моя']);
    expect(titles(mine.body.undated)).toEqual(['Моя без даты']);
    expect(mine.body.undatedCount).toBe(1);
    const high = await calendar(b, 'from=2031-03-01&to=2031-03-31&priority=high&priority=critical');
    expect(titles(high.body.tasks)).toEqual(['Моя']);
    const search = await calendar(b, `from=2031-03-01&to=2031-03-31&search=${encodeURIComponent('чужая')}`);
    expect(titles(search.body.tasks)).toEqual(['Чужая']);
    expect(titles(search.body.undated)).toEqual(['Чужая без даты']);
    const none = await calendar(b, 'from=2031-03-01&to=2031-03-31&due=none');
    expect(titles(none.body.tasks)).toEqual([]);
    expect(none.body.undatedCount).toBe(2);
  });

  it('refuses bad ranges and zones field-keyed', async () => {
    const b = await seedBoard(t.app);
    const bad = async (query: string) => (await calendar(b, query)).body;
    expect(await bad('from=2031-03-08&to=2031-03-01')).toEqual({
      to: 'Конец диапазона должен быть позже начала',
    });
    expect(await bad('from=2031-03-01&to=2031-03-01')).toEqual({
      to: 'Конец диапазона должен быть позже начала',
    });
    expect(await bad('from=2031-03-01&to=2031-05-03')).toEqual({ to: 'Диапазон не длиннее 62 дней' });
    expect((await calendar(b, 'from=2031-03-01&to=2031-05-02')).status).toBe(200);
    expect(await bad('from=2031-02-30&to=2031-03-08')).toEqual({ from: 'Некорректная дата' });
    expect(await bad('from=вчера&to=2031-03-08')).toEqual({ from: 'Некорректная дата' });
    expect(await bad('from=2031-03-01&to=2031-03-08&tz=Mars/Olympus')).toEqual({
      tz: 'Неизвестный часовой пояс',
    });
    expect((await calendar(b, 'to=2031-03-08')).status).toBe(400);
    expect((await calendar(b, 'from=2031-03-01&to=2031-03-08&due=someday')).body).toEqual({
      due: 'Неизвестный срок',
    });
  });

  it('refuses outsiders before reading the range; any member reads it', async () => {
    const b = await seedBoard(t.app);
    expect(await calendar(b, 'from=плохо', b.outsider)).toEqual(FORBIDDEN);
    expect(await calendar(b, 'from=2031-03-01&to=2031-03-08', b.removed)).toEqual(FORBIDDEN);
    expect(await calendar(b, 'from=2031-03-01&to=2031-03-08', b.pending)).toEqual(FORBIDDEN);
    expect(await call(t.app, b.member, 'GET', '/api/board/999999/calendar?from=плохо')).toEqual(NOT_FOUND);
    expect((await calendar(b, 'from=2031-03-01&to=2031-03-08', b.creator)).status).toBe(200);
    expect(
      (await call(t.app, null, 'GET', `/api/board/${b.id}/calendar?from=2031-03-01&to=2031-03-08`)).status,
    ).toBe(401);
  });
});
