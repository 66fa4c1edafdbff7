import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { addTask, call, editBody, type Person, seedBoard, useTestApp } from '../../test/fixtures.js';

const t = useTestApp();

/** The feed at `url` as calendar apps get it: no token, just the address. */
async function fetchFeed(url: string) {
  const res = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
  return res;
}

function events(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      url: vevent.getFirstPropertyValue('url'),
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      utc: event.startDate.zone?.tzid === 'UTC',
    };
  });
}

async function newFeedUrl(who: Person): Promise<string> {
  const res = await call(t.app, who, 'POST', '/api/calendar/token');
  expect(res.status).toBe(200);
  return res.body.url;
}

describe('calendar feed', () => {
  it("serves the owner's assigned tasks with due dates as UTC events", async () => {
    const b = await seedBoard(t.app);
    const me = b.member;
    const due = await addTask(t.app, b, b.columns[0], {
      title: 'Сдать отчёт, срочно; да',
      assignees: [me.id],
    });
    const done = await addTask(t.app, b, b.columns[0], { title: 'Позвонить', assignees: [me.id] });
    await addTask(t.app, b, b.columns[0], { title: 'Без срока', assignees: [me.id] });
    const other = await addTask(t.app, b, b.columns[0], { title: 'Чужая', assignees: [b.creator.id] });
    for (const [id, change] of [
      [due, { dueAt: '2031-03-10T15:30:00+03:00' }],
      [done, { dueAt: '2031-03-11T09:00:00Z', dueDone: true }],
      [other, { dueAt: '2031-03-12T09:00:00Z' }],
    ] as const) {
      const res = await call(t.app, me, 'PUT', '/api/task/edit', await editBody(t.app, b, id, change));
      expect(res.status).toBe(200);
    }

    expect((await call(t.app, me, 'GET', '/api/calendar/token')).body).toEqual({ url: null });
    const url = await newFeedUrl(me);
    expect(url).toMatch(/^http:\/\/kanban\.test\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await call(t.app, me, 'GET', '/api/calendar/token')).body).toEqual({ url });

    const res = await fetchFeed(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const parsed = events(res.body);
    expect(parsed).toEqual([
      {
        uid: `task-${due}@kanban.test`,
        summary: 'Сдать отчёт, срочно; да',
        description: `Доска «Доска»\nhttp://kanban.test/board/${b.id}/task/1`,
        url: `http://kanban.test/board/${b.id}/task/1`,
        start: '2031-03-10T12:30:00.000Z',
        end: '2031-03-10T13:00:00.000Z',
        utc: true,
      },
      {
        uid: `task-${done}@kanban.test`,
        summary: '✓ Позвонить',
        description: `Доска «Доска». Выполнено.\nhttp://kanban.test/board/${b.id}/task/2`,
        url: `http://kanban.test/board/${b.id}/task/2`,
        start: '2031-03-11T09:00:00.000Z',
        end: '2031-03-11T09:30:00.000Z',
        utc: true,
      },
    ]);
    expect(res.body).toContain('DTSTART:20310310T123000Z');
  });

  it('kills the old address when a new one is made, and when the feed is turned off', async () => {
    const b = await seedBoard(t.app);
    const first = await newFeedUrl(b.member);
    expect((await fetchFeed(first)).statusCode).toBe(200);
    const second = await newFeedUrl(b.member);
    expect(second).not.toBe(first);
    expect((await fetchFeed(first)).statusCode).toBe(404);
    expect((await fetchFeed(second)).statusCode).toBe(200);
    expect(await call(t.app, b.member, 'DELETE', '/api/calendar/token')).toEqual({
      status: 200,
      body: { url: null },
    });
    expect((await fetchFeed(second)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown or malformed address, and the token calls need a user', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: `/api/calendar/${'a'.repeat(43)}.ics` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Не найдено' });
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar/x.ics' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar/nothing' })).statusCode).toBe(404);
    expect((await call(t.app, null, 'POST', '/api/calendar/token')).status).toBe(401);
    expect((await call(t.app, null, 'GET', '/api/calendar/token')).status).toBe(401);
  });
});
