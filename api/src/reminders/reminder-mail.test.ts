import { sql } from 'kysely';
import { expect, it, vi } from 'vitest';
import { addTask, call, editBody, seedBoard } from '../../test/fixtures.js';
import { mailSubject, mailText, useAppWithSmtp } from '../../test/mail.js';
import { buildApp } from '../app.js';
import { MAIL_QUEUE, RETIRED_MAIL_QUEUE } from '../notifications/plugin.js';
import { findReminderMail } from './repository.js';

const { t, smtp } = useAppWithSmtp();

const HOUR = 3_600_000;
const at = (iso: string, offset: number) => new Date(new Date(iso).getTime() + offset);

async function mailQueueSettled() {
  await vi.waitFor(
    async () => {
      const { rows } = await sql`
        select state from pgboss.job where name = ${MAIL_QUEUE} and state <> 'completed'
      `.execute(t.db);
      expect(rows).toEqual([]);
    },
    { timeout: 10_000, interval: 100 },
  );
}

it('mails each reminder in Russian with a link to the task, not to a user who turned them off', async () => {
  const b = await seedBoard(t.app);
  const off = await call(t.app, b.creator, 'PUT', '/api/auth/edit', {
    name: b.creator.name,
    email: b.creator.email,
    emailReminders: false,
  });
  expect(off.status).toBe(200);
  const task = await addTask(t.app, b, b.columns[0], {
    title: 'Сдать отчёт',
    assignees: [b.member.id, b.creator.id],
  });
  const due = '2031-03-10T12:30:00.000Z';
  const edit = await editBody(t.app, b, task, { dueAt: due });
  expect((await call(t.app, b.member, 'PUT', '/api/task/edit', edit)).status).toBe(200);

  // Both get the reminder in the app; only the member by e-mail.
  expect(await t.app.reminders.scan(at(due, -23 * HOUR))).toHaveLength(2);
  const soon = await smtp.mailTo(b.member.email);
  expect(soon.subject).toBe('Скоро срок: «Сдать отчёт»');
  expect(soon.text).toContain(`Здравствуйте, ${b.member.name}!`);
  expect(soon.text).toContain(
    'Срок задачи «Сдать отчёт» на доске «Доска» — 10 марта 2031 г. в 15:30 GMT+3, меньше чем через сутки.',
  );
  // The link carries the task's number on the board (its first task), not its id.
  expect(soon.text).toMatch(new RegExp(`Открыть задачу: http://kanban\\.test/board/${b.id}/task/1\\r?\\n`));
  expect(soon.text).toContain('http://kanban.test/settings');

  expect(await t.app.reminders.scan(at(due, HOUR))).toHaveLength(2);
  await vi.waitFor(() => expect(smtp.received.filter((m) => m.to.includes(b.member.email))).toHaveLength(2));
  const overdue = smtp.received.filter((m) => m.to.includes(b.member.email))[1]!;
  expect(mailSubject(overdue.raw)).toBe('Срок истёк: «Сдать отчёт»');
  expect(mailText(overdue.raw)).toContain(
    'Срок задачи «Сдать отчёт» на доске «Доска» истёк 10 марта 2031 г. в 15:30 GMT+3.',
  );

  await mailQueueSettled();
  // The creator watches the task, so the date change itself came as another kind of letter.
  const reminders = (email: string) =>
    smtp.received.filter((m) => m.to.includes(email) && /^Срок|^Скоро/.test(mailSubject(m.raw)));
  expect(reminders(b.creator.email)).toEqual([]);
  expect(reminders(b.member.email)).toHaveLength(2);
  const inApp = await call(t.app, b.creator, 'GET', '/api/notification');
  expect(inApp.body.map((n: { kind: string }) => n.kind)).toEqual([
    'overdue',
    'due-soon',
    'due-changed',
    'assigned',
  ]);
});

it('drops a letter no longer wanted when its turn comes', async () => {
  const b = await seedBoard(t.app);
  const task = await addTask(t.app, b, b.columns[0], { assignees: [b.member.id] });
  const due = '2031-04-01T09:00:00.000Z';
  await call(t.app, b.member, 'PUT', '/api/task/edit', await editBody(t.app, b, task, { dueAt: due }));
  const made = (await t.app.reminders.scan(at(due, -HOUR))).find((r) => String(r.taskId) === task);
  expect(made).toBeDefined();
  const id = made!.id;
  expect(await findReminderMail(t.db, id)).toMatchObject({ email: b.member.email, kind: 'due-soon' });

  const setMember = (change: object) =>
    t.db
      .updateTable('board_members')
      .set(change)
      .where('board_id', '=', b.id)
      .where('user_id', '=', b.member.id)
      .execute();
  await t.db.updateTable('users').set({ email_reminders: false }).where('id', '=', b.member.id).execute();
  expect(await findReminderMail(t.db, id)).toBeNull();
  await t.db.updateTable('users').set({ email_reminders: true }).where('id', '=', b.member.id).execute();
  await setMember({ is_deleted: true });
  expect(await findReminderMail(t.db, id)).toBeNull();
  await setMember({ is_deleted: false });
  await t.db.updateTable('tasks').set({ due_done: true }).where('id', '=', Number(task)).execute();
  expect(await findReminderMail(t.db, id)).toBeNull();
  await t.db
    .updateTable('tasks')
    .set({ due_done: false, due_at: new Date('2031-04-02T09:00:00Z') })
    .where('id', '=', Number(task))
    .execute();
  expect(await findReminderMail(t.db, id)).toBeNull();
});

it('sends the reminder letters an older version left on its own queue once a new version starts', async () => {
  const b = await seedBoard(t.app);
  const task = await addTask(t.app, b, b.columns[0], {
    title: 'Письмо из старой очереди',
    assignees: [b.member.id],
  });
  const due = '2031-05-01T09:00:00.000Z';
  await call(t.app, b.member, 'PUT', '/api/task/edit', await editBody(t.app, b, task, { dueAt: due }));
  // What the older version left behind: the reminder, and its letter's job on the queue it had then.
  const { id } = await t.db
    .insertInto('notifications')
    .values({
      user_id: b.member.id,
      kind: 'due-soon',
      board_id: b.id,
      task_id: Number(task),
      due_at: new Date(due),
      actor_id: null,
      data: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { boss } = t.app.queue;
  await boss.createQueue(RETIRED_MAIL_QUEUE, { name: RETIRED_MAIL_QUEUE });
  await boss.send(RETIRED_MAIL_QUEUE, { notificationId: id });

  const upgraded = buildApp(t.config);
  try {
    await upgraded.ready();
    const letter = await smtp.mailTo(b.member.email);
    expect(letter.subject).toBe('Скоро срок: «Письмо из старой очереди»');
    expect(await boss.getQueue(RETIRED_MAIL_QUEUE)).toBeNull();
    await mailQueueSettled();
  } finally {
    await upgraded.close();
  }
});
