/**
 * Letters about notifications, on the shared job queue (plugins/queue.ts):
 *
 * - 'notification-mail', the one mail queue: one job per notification whose user wants a letter,
 *   inserted by the transaction that made the notification (watchers/notify.ts for watched tasks and
 *   mentions, reminders/plugin.ts for due dates), so the job exists exactly when the notification
 *   does. The job names the notification's kind, which picks its letter: a domain with letters of its
 *   own registers them (`app.notificationMail.letters`, the reminders do), the rest get the instant
 *   letter. Its sender claims the notification in a transaction (still wanted: setting 'instant',
 *   unread, not mailed, still a member of a board that is not deleted), marks it mailed, sends, then
 *   commits: a failed send rolls the mark back and pg-boss retries. The one window for a second letter
 *   is a crash after the SMTP server took it and before the commit. The worker starts once every
 *   plugin is loaded (onReady), so no job meets a kind whose letter is not registered yet.
 *   Reminder letters had a queue of their own ('reminder-mail') until 2026-11: at start, what it still
 *   holds moves here with its notification's kind, and the emptied queue goes.
 * - 'notification-digest': a cron job at 08:00 in REMINDER_TIME_ZONE, one for the whole cluster,
 *   sends each 'daily' user one letter listing what is unread and not yet mailed from the last day,
 *   claimed the same way per user (a concurrent run skips rows another holds).
 *
 * Due-date reminders keep their own letters and switch (reminders/plugin.ts, `emailReminders`).
 * `app.notificationMail.digest(at)` runs a digest as of any instant, for tests.
 */
import type { NotificationKind } from 'contract/notifications';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { digestMail, instantMail } from './mail.js';
import { claimDigest, claimInstantMail, digestRecipients } from './repository.js';

export const MAIL_QUEUE = 'notification-mail';
export const DIGEST_QUEUE = 'notification-digest';
/** Reminder letters' own queue before they joined MAIL_QUEUE: emptied into it at start, then deleted. */
export const RETIRED_MAIL_QUEUE = 'reminder-mail';
const DAY = 24 * 3_600_000;

export interface MailJob {
  notificationId: number;
  /** Picks the letter; jobs queued before kinds were named (all instant letters) have none. */
  kind?: NotificationKind;
}

/** Sends the letter of one notification, or nothing when it is no longer wanted. */
export type SendLetter = (notificationId: number) => Promise<void>;

export interface NotificationMail {
  /** Wakes this instance's sender after a commit that queued letters. */
  wake(): void;
  /** Sends the daily digests of the day before `at` (now by default); answers how many letters went. */
  digest(at?: Date): Promise<number>;
  /** Sends the notifications of these kinds with `send` instead of the instant letter. */
  letters(kinds: readonly NotificationKind[], send: SendLetter): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    notificationMail: NotificationMail;
  }
}

export default fp(
  async (app) => {
    const { boss } = app.queue;
    const { publicUrl, reminderTimeZone: timeZone = 'Europe/Moscow' } = app.config;
    await app.queue.setup(async () => {
      await boss.createQueue(MAIL_QUEUE, {
        name: MAIL_QUEUE,
        retryLimit: 6,
        retryDelay: 30,
        retryBackoff: true,
        expireInSeconds: 120,
      });
      await boss.createQueue(DIGEST_QUEUE, { name: DIGEST_QUEUE, retryLimit: 2, expireInSeconds: 1800 });
      await boss.schedule(DIGEST_QUEUE, '0 8 * * *', {}, { tz: timeZone });
      if (await boss.getQueue(RETIRED_MAIL_QUEUE)) {
        await sql`
          update pgboss.job j set name = ${MAIL_QUEUE}, data = j.data || jsonb_build_object('kind', n.kind)
          from notifications n
          where j.name = ${RETIRED_MAIL_QUEUE} and j.state in ('created', 'retry')
            and n.id = (j.data ->> 'notificationId')::int
        `.execute(app.db);
        // A letter an older instance is sending right now finishes there; the queue goes on a later start.
        const { rows } = await sql`
          select 1 from pgboss.job where name = ${RETIRED_MAIL_QUEUE} and state in ('created', 'retry', 'active')
        `.execute(app.db);
        if (rows.length === 0) await boss.deleteQueue(RETIRED_MAIL_QUEUE);
      }
    });

    async function sendInstant(notificationId: number): Promise<void> {
      await app.db.transaction().execute(async (trx) => {
        const item = await claimInstantMail(trx, notificationId);
        if (item) await app.mailer.send(instantMail(item, { publicUrl, timeZone }));
      });
    }

    async function digest(at: Date = new Date()): Promise<number> {
      const since = new Date(at.getTime() - DAY);
      let sent = 0;
      for (const userId of await digestRecipients(app.db, since, at)) {
        await app.db.transaction().execute(async (trx) => {
          const items = await claimDigest(trx, userId, since, at);
          if (items.length === 0) return;
          await app.mailer.send(digestMail(items, { publicUrl, timeZone }));
          sent += 1;
        });
      }
      return sent;
    }

    const letters = new Map<NotificationKind, SendLetter>();
    let mailWorker: string | null = null;
    // One letter per job, so each is retried on its own; after each, the worker looks again at once
    // (pg-boss would otherwise wait out its polling interval with letters still queued).
    app.addHook('onReady', async () => {
      mailWorker = await app.queue.work<MailJob>(MAIL_QUEUE, { batchSize: 1 }, async ([mail]) => {
        if (mailWorker) boss.notifyWorker(mailWorker);
        if (!mail) return;
        const send = (mail.data.kind && letters.get(mail.data.kind)) || sendInstant;
        await send(mail.data.notificationId);
      });
    });
    await app.queue.work(DIGEST_QUEUE, {}, async () => {
      await digest();
    });

    app.decorate('notificationMail', {
      wake() {
        if (mailWorker) boss.notifyWorker(mailWorker);
      },
      digest,
      letters(kinds, send) {
        for (const kind of kinds) letters.set(kind, send);
      },
    } satisfies NotificationMail);
  },
  { name: 'notification-mail', dependencies: ['config', 'db', 'mailer', 'queue'] },
);
