/**
 * Reminders on two API instances sharing one PostgreSQL database and Redis. Scans run as of chosen
 * instants (`app.reminders.scan(at)`); due dates lie days ahead, so the queue's own scans (as of the
 * real time, every minute) never find them, except in the settling test, whose dates are seconds old.
 * Without SMTP the instances write letters to the shared DATA_DIR/outbox, where they are counted.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { NotificationsState } from 'contract/realtime';
import { sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { Socket } from 'socket.io-client';
import { describe, expect, it, vi } from 'vitest';
import { connected, useCluster } from '../../test/cluster.js';
import { addTask, call, editBody, type Person, seedBoard, type TestBoard } from '../../test/fixtures.js';
import { mailSubject } from '../../test/mail.js';
import { MAIL_QUEUE } from '../notifications/plugin.js';
import { SCAN_QUEUE } from './plugin.js';

const cluster = useCluster(2);
const first = () => cluster.apps[0]!;
const second = () => cluster.apps[1]!;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (iso: string, offset: number) => new Date(new Date(iso).getTime() + offset);
/** A due date `days` ahead of the real time, whole minutes. */
const dueIn = (days: number) =>
  new Date(Math.ceil((Date.now() + days * DAY) / 60_000) * 60_000).toISOString();

async function setDue(b: TestBoard, taskId: string, change: object) {
  const app = first();
  const res = await call(app, b.member, 'PUT', '/api/task/edit', await editBody(app, b, taskId, change));
  expect(res.status).toBe(200);
}

async function dueTask(b: TestBoard, dueAt: string, extra: object = {}) {
  const id = await addTask(first(), b, b.columns[0], { assignees: [b.member.id, b.creator.id] });
  await setDue(b, id, { dueAt, ...extra });
  return id;
}

/** Scans on both instances at once, as of `when`: the reminders made for `taskId`. */
async function scanBoth(when: Date, taskId: string) {
  const [one, two] = await Promise.all([first().reminders.scan(when), second().reminders.scan(when)]);
  return [...one, ...two].filter((reminder) => String(reminder.taskId) === taskId);
}

async function notificationsOf(taskId: string) {
  return (
    first()
      .db.selectFrom('notifications')
      .select(['user_id', 'kind', 'due_at'])
      .where('task_id', '=', Number(taskId))
      // Watchers' notifications of the date changes are not reminders.
      .where('kind', 'in', ['due-soon', 'overdue'])
      .orderBy('id')
      .execute()
  );
}

/** Reminders' letters, not those about watched tasks. */
const REMINDER_SUBJECT = /^(Скоро срок|Срок истёк):/;

/** Waits until every reminder letter queued so far has left, then counts those sent to `who`. */
async function lettersTo(who: Person): Promise<number> {
  const db = first().db;
  await vi.waitFor(
    async () => {
      const { rows } = await sql<{ state: string }>`
        select state from pgboss.job where name = ${MAIL_QUEUE} and state <> 'completed'
      `.execute(db);
      expect(rows).toEqual([]);
    },
    { timeout: 10_000, interval: 100 },
  );
  const outbox = join(first().config.dataDir, 'outbox');
  const files = await readdir(outbox).catch(() => [] as string[]);
  const heads = await Promise.all(files.map((file) => readFile(join(outbox, file), 'utf8')));
  return heads.filter(
    (raw) => new RegExp(`^To: ${who.email}\\r?$`, 'm').test(raw) && REMINDER_SUBJECT.test(mailSubject(raw)),
  ).length;
}

function unreadEvents(socket: Socket): number[] {
  const seen: number[] = [];
  socket.on('notifications', (state: NotificationsState) => seen.push(state.unread));
  return seen;
}

describe('reminders across two instances', () => {
  it("makes each reminder exactly once, tells the user's sockets on any instance, and mails once", async () => {
    const b = await seedBoard(first());
    const memberSocket = cluster.connect(cluster.urls[1]!, b.member.token);
    const creatorSocket = cluster.connect(cluster.urls[0]!, b.creator.token);
    await Promise.all([connected(memberSocket), connected(creatorSocket)]);
    const memberUnread = unreadEvents(memberSocket);
    const creatorUnread = unreadEvents(creatorSocket);

    const due = dueIn(3);
    const task = await dueTask(b, due);
    // More than a day ahead: nothing yet.
    expect(await scanBoth(at(due, -25 * HOUR), task)).toEqual([]);

    const soon = await scanBoth(at(due, -23 * HOUR), task);
    expect(soon.map((r) => [r.userId, r.kind]).sort()).toEqual(
      [
        [b.member.id, 'due-soon'],
        [b.creator.id, 'due-soon'],
      ].sort(),
    );
    expect(await scanBoth(at(due, -22 * HOUR), task)).toEqual([]);
    expect(await scanBoth(at(due, -1000), task)).toEqual([]);

    const overdue = await scanBoth(at(due, 60_000), task);
    expect(overdue.map((r) => r.kind)).toEqual(['overdue', 'overdue']);
    expect(await scanBoth(at(due, 2 * HOUR), task)).toEqual([]);
    expect(await notificationsOf(task)).toHaveLength(4);

    await vi.waitFor(() => {
      expect(memberUnread).toEqual([1, 2]);
      // The member made the creator an assignee and set the date (the creator watches it): those came first.
      expect(creatorUnread).toEqual([1, 2, 3, 4]);
    });
    expect(await lettersTo(b.member)).toBe(2);
    expect(await lettersTo(b.creator)).toBe(2);
  });

  it('makes none for a due date ticked done, and none for a user no longer on the board', async () => {
    const b = await seedBoard(first());
    const due = dueIn(4);
    const done = await dueTask(b, due, { dueDone: true });
    expect(await scanBoth(at(due, -23 * HOUR), done)).toEqual([]);
    expect(await scanBoth(at(due, HOUR), done)).toEqual([]);
    expect(await notificationsOf(done)).toEqual([]);

    const dueLater = dueIn(5);
    const task = await dueTask(b, dueLater);
    await first()
      .db.updateTable('board_members')
      .set({ is_deleted: true })
      .where('board_id', '=', b.id)
      .where('user_id', '=', b.creator.id)
      .execute();
    const made = await scanBoth(at(dueLater, HOUR), task);
    expect(made.map((r) => [r.userId, r.kind, String(r.taskId)])).toEqual([[b.member.id, 'overdue', task]]);
  });

  it('re-arms both reminders when the date moves, and never repeats one for a date it had', async () => {
    const b = await seedBoard(first());
    const due = dueIn(3);
    const task = await dueTask(b, due);
    expect(await scanBoth(at(due, -23 * HOUR), task)).toHaveLength(2);

    const later = at(due, 2 * DAY).toISOString();
    await setDue(b, task, { dueAt: later });
    expect(await scanBoth(at(later, -23 * HOUR), task)).toHaveLength(2);
    expect((await scanBoth(at(later, HOUR), task)).map((r) => r.kind)).toEqual(['overdue', 'overdue']);

    // Back to the first date: its 'due-soon' was made already; its 'overdue' was not.
    await setDue(b, task, { dueAt: due });
    expect(await scanBoth(at(due, -23 * HOUR), task)).toEqual([]);
    expect((await scanBoth(at(due, HOUR), task)).map((r) => r.kind)).toEqual(['overdue', 'overdue']);
    expect(await notificationsOf(task)).toHaveLength(8);
  });

  it('announces a date only once it has stood a minute: there and back within a minute makes nothing', async () => {
    const b = await seedBoard(first());
    // Hours ahead of the real time, so the queue's own scans could see these dates too.
    const due = new Date(Date.now() + 3 * HOUR).toISOString();
    const task = await dueTask(b, due);
    expect(await scanBoth(new Date(), task)).toEqual([]);
    const settled = () => new Date(Date.now() + 61_000);
    expect((await scanBoth(settled(), task)).map((r) => r.kind)).toEqual(['due-soon', 'due-soon']);

    const other = new Date(Date.now() + 5 * HOUR).toISOString();
    await setDue(b, task, { dueAt: other });
    // The new date is seconds old: not yet.
    expect(await scanBoth(new Date(), task)).toEqual([]);
    await setDue(b, task, { dueAt: due });
    expect(await scanBoth(new Date(), task)).toEqual([]);
    expect(await scanBoth(settled(), task)).toEqual([]);
    expect((await notificationsOf(task)).map((n) => n.due_at?.toISOString())).toEqual([due, due]);

    // A date that stays is announced once it has stood a minute.
    await setDue(b, task, { dueAt: other });
    expect(await scanBoth(settled(), task)).toHaveLength(2);
  });

  it('runs the scan jobs of the queue (the cron sends one a minute; this one is sent by hand)', async () => {
    const { rows: schedules } = await sql<{ name: string; cron: string }>`
      select name, cron from pgboss.schedule where name = ${SCAN_QUEUE}
    `.execute(first().db);
    expect(schedules).toEqual([{ name: SCAN_QUEUE, cron: '* * * * *' }]);

    // A task long overdue with no scan yet: the queued scan, as of the real time, makes its reminders.
    const b = await seedBoard(first());
    const task = await dueTask(b, new Date(Date.now() - HOUR).toISOString());
    await first()
      .db.updateTable('revisions')
      .set({ changed_at: new Date(Date.now() - HOUR) })
      .where('entity', '=', 'task')
      .where('entity_id', '=', Number(task))
      .execute();
    // What the cron does each minute, from a client of our own.
    const boss = new PgBoss({
      connectionString: first().config.databaseUrl as string,
      schedule: false,
      supervise: false,
    });
    await boss.start();
    try {
      const jobId = await boss.send(SCAN_QUEUE, {});
      await vi.waitFor(
        async () => expect((await boss.getJobById(SCAN_QUEUE, jobId as string))?.state).toBe('completed'),
        { timeout: 8000, interval: 100 },
      );
    } finally {
      await boss.stop({ graceful: false });
    }
    expect((await notificationsOf(task)).map((n) => n.kind)).toEqual(['overdue', 'overdue']);
  });
});
