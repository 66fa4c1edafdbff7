/**
 * Due-date reminders, delivered exactly once however many API instances run.
 *
 * A job queue on the app's own database drives them: pg-boss 10 (the last line for Node 20), given
 * the app's Kysely instance as its database (queue-db.ts), so it shares the pool on PostgreSQL and
 * runs unchanged on embedded PGlite; it creates and migrates its own `pgboss` schema. Its cron puts
 * one 'reminders-scan' job a minute into the queue for the whole cluster (each instance's clock
 * offers it, a singleton key per minute keeps one), and whichever instance fetches it (`FOR UPDATE
 * SKIP LOCKED`) runs the scan:
 *
 * 1. One transaction inserts the notifications now due (repository.ts `insertDueReminders`: 'due-soon'
 *    within 24 h of the date, 'overdue' after it, for each assignee still on the board, not for a date
 *    ticked done). The unique index on (user, task, kind, due date) is the exactly-once guard: a
 *    reminder already made is never made again, and two scans running at once cannot both insert one
 *    (the second waits on the first's index entry, then skips it). A date that moves gets new keys, so
 *    its reminders are re-armed; moved back, its old keys still stand, so nothing repeats. A date must
 *    have stood for a minute (by the task's revisions) before it is announced, so a date moved there
 *    and back within a minute announces neither value.
 * 2. In the same transaction, one 'reminder-mail' job per new notification whose user wants e-mail:
 *    the job exists exactly when its notification does. pg-boss hands each job to one worker, retries
 *    a failed send with back-off, and the mail re-checks at sending that it is still wanted (setting
 *    on, still a member, not done, date unchanged). The one window for a second letter is a crash
 *    (or a send outlasting the job's 2-minute expiry) after the SMTP server accepted the letter and
 *    before the job was marked done.
 * 3. After the commit, the inserting instance sends each affected user their unread count (the
 *    `notifications` event to `userRoom`), which the Redis adapter carries to their sockets on every
 *    instance, and wakes its own mail worker so the letters leave at once.
 *
 * `app.reminders.scan(at)` runs a scan as of any instant: tests use it instead of waiting a day.
 */
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import PgBoss from 'pg-boss';
import { announceUnread } from '../notifications/unread.js';
import { reminderMail } from './mail.js';
import { inTransaction, QueueDb } from './queue-db.js';
import { type CreatedReminder, findReminderMail, insertDueReminders } from './repository.js';

export const SCAN_QUEUE = 'reminders-scan';
export const MAIL_QUEUE = 'reminder-mail';

export interface Reminders {
  /** Makes the reminders due at `at` (now by default) and starts their delivery; the new ones. */
  scan(at?: Date): Promise<CreatedReminder[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    reminders: Reminders;
  }
}

interface MailJob {
  notificationId: number;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The advisory lock under which an instance installs the queue and creates its queues. */
const START_LOCK = 0x6b616e62; // 'kanb'

export default fp(
  async (app) => {
    // Without DATABASE_URL the database is PGlite (plugins/db.ts).
    const queueDb = new QueueDb(app.db, app.config.databaseUrl === null);
    const boss = new PgBoss({ db: queueDb });
    let closing = false;
    let handlersRunning = 0;
    boss.on('error', (err) => {
      if (!closing) app.log.warn({ err }, 'reminder queue error');
    });

    /** Runs a queue job's work, refusing once closing (the job is retried elsewhere). */
    async function job<T>(name: string, work: () => Promise<T>): Promise<T> {
      if (closing) throw new Error('shutting down');
      handlersRunning += 1;
      try {
        return await work();
      } catch (err) {
        app.log.error({ err, queue: name }, 'reminder job failed');
        throw err;
      } finally {
        handlersRunning -= 1;
      }
    }

    const startQueue = async () => {
      await boss.start();
      // A missed scan is made up by the next minute's, so a scan is not retried.
      await boss.createQueue(SCAN_QUEUE, { name: SCAN_QUEUE, retryLimit: 0, expireInSeconds: 300 });
      await boss.createQueue(MAIL_QUEUE, {
        name: MAIL_QUEUE,
        retryLimit: 6,
        retryDelay: 30,
        retryBackoff: true,
        expireInSeconds: 120,
      });
      await boss.schedule(SCAN_QUEUE, '* * * * *', {});
    };
    if (app.config.databaseUrl === null) {
      await startQueue();
    } else {
      // Instances starting together on a new database would install the queue's schema and create
      // the same queues at once (PostgreSQL answers one of them with a deadlock or a duplicate key):
      // one at a time, under a session lock held on a connection of its own.
      await app.db.connection().execute(async (conn) => {
        await sql`select pg_advisory_lock(${START_LOCK})`.execute(conn);
        try {
          await startQueue();
        } finally {
          await sql`select pg_advisory_unlock(${START_LOCK})`.execute(conn);
        }
      });
    }

    let mailWorker: string | null = null;

    async function scan(at: Date = new Date()): Promise<CreatedReminder[]> {
      const created = await app.db.transaction().execute(async (trx) => {
        const rows = await insertDueReminders(trx, at);
        const mail = rows.filter((row) => row.emailReminders);
        if (mail.length > 0) {
          await boss.insert(
            mail.map((row) => ({ name: MAIL_QUEUE, data: { notificationId: row.id } satisfies MailJob })),
            { db: inTransaction(trx) },
          );
        }
        return rows;
      });
      if (created.length > 0) {
        if (mailWorker && created.some((row) => row.emailReminders)) boss.notifyWorker(mailWorker);
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

    await boss.work(SCAN_QUEUE, () =>
      job(SCAN_QUEUE, async () => {
        await scan();
      }),
    );
    // One letter per job, so each is retried on its own; after each, the worker looks again at once
    // (pg-boss would otherwise wait out its polling interval with letters still queued).
    mailWorker = await boss.work<MailJob>(MAIL_QUEUE, { batchSize: 1 }, async ([mail]) => {
      if (mailWorker) boss.notifyWorker(mailWorker);
      await job(MAIL_QUEUE, async () => {
        if (mail) await sendMail(mail.data.notificationId);
      });
    });

    app.decorate('reminders', { scan } satisfies Reminders);

    app.addHook('onClose', async () => {
      closing = true;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      // A fetch already under way when the workers stopped still completes or fails its jobs; the
      // pool closes after the queue's last query.
      for (let quiet = 0, waited = 0; quiet < 2 && waited < 5000; waited += 10) {
        quiet = queueDb.busy || handlersRunning > 0 ? 0 : quiet + 1;
        await delay(10);
      }
      queueDb.close();
    });
  },
  { name: 'reminders', dependencies: ['config', 'db', 'mailer', 'realtime'] },
);
