/**
 * Due-date reminders, delivered exactly once however many API instances run, on the shared job queue
 * (plugins/queue.ts): its cron puts one 'reminders-scan' job a minute into the queue for the whole
 * cluster, and whichever instance fetches it runs the scan:
 *
 * 1. One transaction inserts the notifications now due (repository.ts `insertDueReminders`: 'due-soon'
 *    within 24 h of the date, 'overdue' after it, for each assignee still on the board, not for a date
 *    ticked done). The unique index on (user, task, kind, due date) is the exactly-once guard: a
 *    reminder already made is never made again, and two scans running at once cannot both insert one
 *    (the second waits on the first's index entry, then skips it). A date that moves gets new keys, so
 *    its reminders are re-armed; moved back, its old keys still stand, so nothing repeats. A date must
 *    have stood for a minute (by the task's revisions) before it is announced, so a date moved there
 *    and back within a minute announces neither value.
 * 2. In the same transaction, one job on the mail queue (notifications/plugin.ts) per new notification
 *    whose user wants e-mail: the job exists exactly when its notification does, and names the
 *    reminder's kind, whose letter this plugin registers. pg-boss hands each job to one worker, retries
 *    a failed send with back-off, and the mail re-checks at sending that it is still wanted (setting
 *    on, still a member, not done, date unchanged). The one window for a second letter is a crash
 *    (or a send outlasting the job's 2-minute expiry) after the SMTP server accepted the letter and
 *    before the job was marked done.
 * 3. After the commit, the inserting instance sends each affected user their unread count (the
 *    `notifications` event to `userRoom`), which the Redis adapter carries to their sockets on every
 *    instance, and wakes its mail worker so the letters leave at once.
 *
 * `app.reminders.scan(at)` runs a scan as of any instant: tests use it instead of waiting a day.
 */
import { REMINDER_KINDS } from 'contract/notifications';
import fp from 'fastify-plugin';
import { announceUnread, MAIL_QUEUE, type MailJob } from '../notifications/index.js';
import { reminderMail } from './mail.js';
import { type CreatedReminder, findReminderMail, insertDueReminders } from './repository.js';

export const SCAN_QUEUE = 'reminders-scan';

export interface Reminders {
  /** Makes the reminders due at `at` (now by default) and starts their delivery; the new ones. */
  scan(at?: Date): Promise<CreatedReminder[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    reminders: Reminders;
  }
}

export default fp(
  async (app) => {
    const { boss } = app.queue;
    await app.queue.setup(async () => {
      // A missed scan is made up by the next minute's, so a scan is not retried.
      await boss.createQueue(SCAN_QUEUE, { name: SCAN_QUEUE, retryLimit: 0, expireInSeconds: 300 });
      await boss.schedule(SCAN_QUEUE, '* * * * *', {});
    });

    async function scan(at: Date = new Date()): Promise<CreatedReminder[]> {
      const created = await app.db.transaction().execute(async (trx) => {
        const rows = await insertDueReminders(trx, at);
        const mail = rows.filter((row) => row.emailReminders);
        if (mail.length > 0) {
          await boss.insert(
            mail.map((row) => ({
              name: MAIL_QUEUE,
              data: { notificationId: row.id, kind: row.kind } satisfies MailJob,
            })),
            { db: app.queue.inTransaction(trx) },
          );
        }
        return rows;
      });
      if (created.length > 0) {
        if (created.some((row) => row.emailReminders)) app.notificationMail.wake();
        await announceUnread(
          app,
          created.map((row) => row.userId),
        ).catch((err) => app.log.warn({ err }, 'could not announce new reminders'));
      }
      return created;
    }

    async function sendMail(notificationId: number): Promise<void> {
      const data = await findReminderMail(app.db, notificationId);
      if (!data) return;
      const { publicUrl, reminderTimeZone = 'Europe/Moscow' } = app.config;
      await app.mailer.send(reminderMail(data, { publicUrl, timeZone: reminderTimeZone }));
    }

    await app.queue.work(SCAN_QUEUE, {}, async () => {
      await scan();
    });
    app.notificationMail.letters(REMINDER_KINDS, sendMail);

    app.decorate('reminders', { scan } satisfies Reminders);
  },
  { name: 'reminders', dependencies: ['config', 'db', 'mailer', 'realtime', 'queue', 'notification-mail'] },
);
