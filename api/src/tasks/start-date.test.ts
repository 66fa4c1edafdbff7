/**
 * A task's start date (`startAt`, issue 33): set and cleared by the versioned edit, refused after the
 * due date, merged and conflicting as `dueAt`, in the board's due filter as a range, in 'Мои задачи',
 * the iCal feed, the export and its import.
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  addTask,
  boardDetail,
  boardSnapshot,
  call,
  editBody,
  seedBoard,
  type TestBoard,
  useTestApp,
} from '../../test/fixtures.js';
import { importBoard } from '../../test/imports.js';

const t = useTestApp();

async function openTask(b: TestBoard, taskId: string) {
  const { body } = await call(t.app, b.member, 'GET', `/api/task/${b.id}/${taskId}`);
  return { ...(await editBody(t.app, b, taskId)), version: body.version as number };
}

const edit = (b: TestBoard, body: object, who = b.member) => call(t.app, who, 'PUT', '/api/task/edit', body);

describe('startAt', () => {
  it('is set and cleared by the edit, kept when omitted, and recorded in the activity', async () => {
    const b = await seedBoard(t.app);
    const taskId = await addTask(t.app, b);
    expect((await call(t.app, b.member, 'GET', `/api/task/${b.id}/${taskId}`)).body.startAt).toBeNull();

    const set = await edit(
      b,
      await editBody(t.app, b, taskId, {
        startAt: '2031-03-10T09:00:00+03:00',
        dueAt: '2031-03-12T18:00:00Z',
      }),
    );
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      startAt: '2031-03-10T06:00:00.000Z',
      dueAt: '2031-03-12T18:00:00.000Z',
    });

    // An old client's save (no startAt) keeps it.
    const kept = await edit(b, await editBody(t.app, b, taskId, { title: 'Другое' }));
    expect(kept.body.startAt).toBe('2031-03-10T06:00:00.000Z');

    const activity = await t.db
      .selectFrom('activity')
      .select('data')
      .where('board_id', '=', b.id)
      .where('kind', '=', 'task.edited')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(activity.data)).toContain('"field":"startAt"');

    const cleared = await edit(b, await editBody(t.app, b, taskId, { startAt: null }));
    expect(cleared.body).toMatchObject({ startAt: null, dueAt: '2031-03-12T18:00:00.000Z' });
  });

  it('refuses a start after the due date, or a bad one, field-keyed, writing nothing', async () => {
    const b = await seedBoard(t.app);
    const taskId = await addTask(t.app, b);
    await edit(b, await editBody(t.app, b, taskId, { dueAt: '2031-03-12T18:00:00Z' }));
    const before = await boardSnapshot(t.db, b.id);
    const late = await edit(b, await editBody(t.app, b, taskId, { startAt: '2031-03-12T18:00:01Z' }));
    expect(late).toEqual({ status: 400, body: { startAt: 'Начало позже срока' } });
    const both = await edit(
      b,
      await editBody(t.app, b, taskId, { startAt: '2031-03-14T00:00:00Z', dueAt: '2031-03-13T00:00:00Z' }),
    );
    expect(both).toEqual({ status: 400, body: { startAt: 'Начало позже срока' } });
    const bad = await edit(b, await editBody(t.app, b, taskId, { startAt: '2031-03-14' }));
    expect(bad).toEqual({ status: 400, body: { startAt: 'Некорректная дата' } });
    expect(await boardSnapshot(t.db, b.id)).toEqual(before);
    // Equal to the due date is a range of one instant.
    const same = await edit(b, await editBody(t.app, b, taskId, { startAt: '2031-03-12T18:00:00Z' }));
    expect(same.status).toBe(200);
  });

  it("merges with another field's edit; a concurrent change of startAt itself is a 409", async () => {
    const b = await seedBoard(t.app);
    const taskId = await addTask(t.app, b);
    const alice = await openTask(b, taskId);
    const bob = await openTask(b, taskId);
    expect((await edit(b, { ...alice, startAt: '2031-01-01T10:00:00Z' })).status).toBe(200);
    const merged = await edit(b, { ...bob, description: 'Боб' }, b.creator);
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({ startAt: '2031-01-01T10:00:00.000Z', hasDescription: true });

    const carol = await openTask(b, taskId);
    const dave = await openTask(b, taskId);
    await edit(b, { ...carol, startAt: '2031-02-01T10:00:00Z' });
    const before = await boardSnapshot(t.db, b.id);
    const conflict = await edit(b, { ...dave, startAt: '2031-03-01T10:00:00Z' }, b.creator);
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({
      message: 'Задачу изменили',
      task: { startAt: '2031-02-01T10:00:00.000Z' },
      conflicts: [{ field: 'startAt', userId: b.member.id }],
    });
    expect(await boardSnapshot(t.db, b.id)).toEqual(before);
  });

  it('merges over a revision written before the field existed (read as null)', async () => {
    const b = await seedBoard(t.app);
    const taskId = await addTask(t.app, b);
    const old = await openTask(b, taskId);
    // As migrations left the first revision: without startAt.
    await t.db
      .updateTable('revisions')
      .set({
        fields: JSON.stringify({ ...old, columnId: String(old.columnId), dueAt: null, dueDone: false }),
      })
      .where('entity', '=', 'task')
      .where('entity_id', '=', Number(taskId))
      .execute();
    await edit(b, { ...old, title: 'Новое' }, b.creator);
    const saved = await edit(b, { ...old, startAt: '2031-01-01T10:00:00Z' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ title: 'Новое', startAt: '2031-01-01T10:00:00.000Z' });
  });

  it('puts a task in due=today/week when its range overlaps the window', async () => {
    const b = await seedBoard(t.app);
    const now = Date.now();
    const iso = (days: number) => new Date(now + days * 86_400_000).toISOString();
    const spanning = await addTask(t.app, b, b.columns[0], { title: 'Идёт' });
    await edit(b, await editBody(t.app, b, spanning, { startAt: iso(-10), dueAt: iso(10) }));
    const future = await addTask(t.app, b, b.columns[0], { title: 'Потом' });
    await edit(b, await editBody(t.app, b, future, { startAt: iso(9), dueAt: iso(10) }));
    const today = await boardDetail(t.app, b.member, b.id, '?due=today');
    expect(Object.keys(today.body.tasks)).toEqual([spanning]);
    expect(today.body.tasks[spanning]?.startAt).toBe(iso(-10));
  });

  it("is in 'Мои задачи', in the iCal feed as DTSTART, and in the export and its import", async () => {
    const b = await seedBoard(t.app);
    const me = b.member;
    const taskId = await addTask(t.app, b, b.columns[0], { title: 'Ремонт', assignees: [me.id] });
    await edit(
      b,
      await editBody(t.app, b, taskId, { startAt: '2031-04-01T09:00:00Z', dueAt: '2031-04-03T18:00:00Z' }),
    );
    const startOnly = await addTask(t.app, b, b.columns[0], { title: 'Старт', assignees: [me.id] });
    await edit(b, await editBody(t.app, b, startOnly, { startAt: '2031-04-05T09:00:00Z' }));

    const mine = await call(t.app, me, 'GET', '/api/task/mine');
    expect(mine.body.find((task: { id: string }) => task.id === taskId)).toMatchObject({
      startAt: '2031-04-01T09:00:00.000Z',
      board: { id: b.id },
    });

    const { body } = await call(t.app, me, 'POST', '/api/calendar/token');
    const feed = await t.app.inject({ method: 'GET', url: new URL(body.url).pathname });
    const calendar = new ICAL.Component(ICAL.parse(feed.body));
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      return [
        event.summary,
        event.startDate.toJSDate().toISOString(),
        event.endDate.toJSDate().toISOString(),
      ];
    });
    expect(events).toEqual([
      ['Ремонт', '2031-04-01T09:00:00.000Z', '2031-04-03T18:00:00.000Z'],
      ['Старт', '2031-04-05T09:00:00.000Z', '2031-04-05T09:30:00.000Z'],
    ]);
    expect(feed.body).toContain('DTSTART:20310401T090000Z');

    const exported = await t.app.inject({
      method: 'GET',
      url: `/api/export/${b.id}?format=json`,
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(exported.statusCode).toBe(200);
    const document = JSON.parse(exported.body);
    expect(document.tasks.find((task: { title: string }) => task.title === 'Ремонт').startAt).toBe(
      '2031-04-01T09:00:00.000Z',
    );

    // The import reads it back onto the new board.
    const job = await importBoard(t.app, me, exported.body, 'board.json');
    const imported = Object.values((await boardDetail(t.app, me, job.boardId!)).body.tasks);
    expect(imported.map((task) => [task.title, task.startAt, task.dueAt])).toEqual([
      ['Ремонт', '2031-04-01T09:00:00.000Z', '2031-04-03T18:00:00.000Z'],
      ['Старт', '2031-04-05T09:00:00.000Z', null],
    ]);
  });
});
