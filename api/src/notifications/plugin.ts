/**
 * Letters about watched tasks and mentions, on the shared job queue (plugins/queue.ts):
 *
 * - 'notification-mail': one job per notification of a user who wants letters at once, inserted by
 *   the change that made the notification (watchers/notify.ts), so the job exists exactly when the
 *   notification does. The sender claims it in a transaction (still wanted: setting 'instant', unread,
 *   not mailed, still a member of a board that is not deleted), marks it mailed, sends, then commits:
 *   a failed send rolls the mark back and pg-boss retries. As for reminders, the one window for a
 *   second letter is a crash after the SMTP server took it and before the commit.
 * - 'notification-digest': a cron job at 08:00 in REMINDER_TIME_ZONE, one for the whole cluster,
 *   sends each 'daily' user one letter listing what is unread and not yet mailed from the last day,
 *   claimed the same way per user (a concurrent run skips rows another holds).
 *
 * Due-date reminders keep their own letters and switch (reminders/plugin.ts, `emailReminders`).
 * `app.notificationMail.digest(at)` runs a digest as of any instant, for tests.
 */
import fp from 'fastify-plugin';
import { digestMail, instantMail } from './mail.js';
import { claimDigest, claimInstantMail, digestRecipients } from './repository.js';

export const MAIL_QUEUE = 'notification-mail';
export const DIGEST_QUEUE = 'notification-digest';
const DAY = 24 * 3_600_000;

export interface MailJob {
  notificationId: number;
}

export interface NotificationMail {
  /** Wakes this instance's sender after a commit that queued letters. */
  wake(): void;
  /** Sends the daily digests of the day before `at` (now by default); answers how many letters went. */
  digest(at?: Date): Promise<number>;
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

    let mailWorker: string | null = null;
    mailWorker = await app.queue.work<MailJob>(MAIL_QUEUE, { batchSize: 1 }, async ([mail]) => {
      if (mailWorker) boss.notifyWorker(mailWorker);
      if (mail) await sendInstant(mail.data.notificationId);
    });
    await app.queue.work(DIGEST_QUEUE, {}, async () => {
      await digest();
    });

    app.decorate('notificationMail', {
      wake() {
        if (mailWorker) boss.notifyWorker(mailWorker);
      },
      digest,
    } satisfies NotificationMail);
  },
  { name: 'notification-mail', dependencies: ['config', 'db', 'mailer', 'queue'] },
);
