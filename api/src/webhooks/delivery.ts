/**
 * Webhook deliveries on the shared job queue (plugins/queue.ts), queue 'webhook-delivery'.
 *
 * - Queued in the transaction that made the event (`queueDeliveries`: the delivery row with its body,
 *   and its job, inserted together), so a change that rolls back sends nothing and a committed one is
 *   sent at least once. Whichever instance fetches the job (`FOR UPDATE SKIP LOCKED`) sends it.
 * - A try POSTs the frozen body with `X-Kanban-Event`, `X-Kanban-Delivery` (the delivery's id, the
 *   same on every try) and `X-Kanban-Signature: sha256=<HMAC-SHA256 of the body with the secret>`.
 *   A 2xx answer delivers it. No answer within the timeout, a connection failure or any other status
 *   fails the try; a redirect is not followed (its 3xx is a failure: following it could lead
 *   anywhere, an internal address included). The next try is a new job on the same delivery, due after
 *   the next of the configured delays (1 min, 5 min, 30 min, 2 h, 12 h); after the last the delivery
 *   has failed. The outcome and the next job are written in one transaction, under the delivery's
 *   row lock, so a job that runs twice (pg-boss retries one whose worker died) records its try once.
 * - Internal addresses are refused at connect (address.ts `publicLookup`) and for literals before it,
 *   unless WEBHOOK_ALLOW_PRIVATE: the try fails with that reason.
 * - A failed try starts the webhook's failing streak (if none runs); a delivered one ends it. A try
 *   that fails more than 3 days after its streak began switches the webhook off: its pending tries
 *   stop, and each administrator of the board gets a 'webhook-disabled' notification (and a letter,
 *   unless they turned e-mail off), made in the same transaction.
 * - The last 50 deliveries of a webhook are kept: older ones go as each try is recorded.
 */
import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';
import {
  PING_EVENT,
  SWITCH_OFF_AFTER_MS,
  WEBHOOK_HEADERS,
  WEBHOOK_LIMITS,
  WEBHOOK_USER_AGENT,
} from 'contract/webhooks';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Transaction } from 'kysely';
import { Agent, request } from 'undici';
import { DEFAULT_WEBHOOK_RETRY_DELAYS_MS, DEFAULT_WEBHOOK_TIMEOUT_MS } from '../config.js';
import type { Database } from '../database.js';
import { announceUnread, insertNotifications, MAIL_QUEUE, type MailJob } from '../notifications/index.js';
import { hostOf, isPublicAddress, PrivateAddressError, publicLookup } from './address.js';
import { switchedOffMail } from './mail.js';
import {
  boardAdmins,
  claimSwitchedOffLetter,
  type DeliveryToSend,
  findDeliveryToSend,
  insertDeliveries,
  lockDelivery,
  markWebhookFailing,
  markWebhookWorking,
  type NewDelivery,
  pruneDeliveries,
  recordAttempt,
} from './repository.js';

export const WEBHOOK_QUEUE = 'webhook-delivery';
/** Deliveries one instance sends at once (a receiver that hangs holds one of them). */
const WORKERS = 4;

interface DeliveryJob {
  deliveryId: string;
  /** The try this job makes, from 1. */
  attempt: number;
}

/** Why a try failed, as the deliveries list shows it. */
export const FAILURES = {
  timeout: (ms: number) => `Нет ответа за ${Math.round(ms / 1000)} с`,
  status: (code: number) => `Ответ с кодом ${code}`,
  redirect: (code: number) => `Перенаправление (код ${code}) не выполняется`,
  privateAddress: 'Адрес во внутренней сети: такие адреса запрещены',
  connect: 'Не удалось подключиться',
  disabled: 'Вебхук выключен',
} as const;

type Outcome = { ok: true; code: number } | { ok: false; code: number | null; error: string };

export interface Webhooks {
  /** Wakes this instance's senders after a commit that queued deliveries. */
  wake(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: Webhooks;
  }
}

/** Inserts the deliveries and their first jobs in `trx`: they exist exactly when its commit does. */
export async function queueDeliveries(
  app: FastifyInstance,
  trx: Transaction<Database>,
  deliveries: readonly NewDelivery[],
): Promise<void> {
  if (deliveries.length === 0) return;
  await insertDeliveries(trx, deliveries);
  await app.queue.boss.insert(
    deliveries.map((delivery) => ({ name: WEBHOOK_QUEUE, data: { deliveryId: delivery.id, attempt: 1 } })),
    { db: app.queue.inTransaction(trx) },
  );
}

/** Whether `error` or one of its causes is a refused internal address. */
function isPrivateRefusal(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    if (cause instanceof PrivateAddressError || (cause as { code?: unknown }).code === 'EPRIVATEADDRESS')
      return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

export default fp(
  async (app) => {
    const { boss } = app.queue;
    const allowPrivate = app.config.webhookAllowPrivate ?? false;
    const delays = app.config.webhookRetryDelaysMs ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS;
    const timeoutMs = app.config.webhookTimeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
    const agent = new Agent({
      connect: { timeout: timeoutMs, ...(!allowPrivate && { lookup: publicLookup }) },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    // Aborts the tries under way when the app closes: their jobs are failed and retried later.
    const closing = new AbortController();
    const timers = new Set<NodeJS.Timeout>();
    const workers: string[] = [];

    await app.queue.setup(async () => {
      await boss.createQueue(WEBHOOK_QUEUE, {
        name: WEBHOOK_QUEUE,
        // A job fails only when recording its try failed (or the app closed under it): tried again.
        retryLimit: 5,
        retryDelay: 30,
        retryBackoff: true,
        expireInSeconds: Math.max(60, Math.ceil((timeoutMs * 3) / 1000)),
      });
    });

    const wake = () => {
      for (const worker of workers) boss.notifyWorker(worker);
    };

    async function post(delivery: DeliveryToSend): Promise<Outcome> {
      const url = new URL(delivery.url);
      const host = hostOf(url);
      // net.connect dials an address literal without a lookup: checked here instead.
      if (!allowPrivate && isIP(host) && !isPublicAddress(host))
        return { ok: false, code: null, error: FAILURES.privateAddress };
      const timeout = AbortSignal.timeout(timeoutMs);
      try {
        const answer = await request(url, {
          dispatcher: agent,
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': WEBHOOK_USER_AGENT,
            [WEBHOOK_HEADERS.event]: delivery.event,
            [WEBHOOK_HEADERS.delivery]: delivery.id,
            [WEBHOOK_HEADERS.signature]: `sha256=${createHmac('sha256', delivery.secret).update(delivery.payload).digest('hex')}`,
          },
          body: delivery.payload,
          signal: AbortSignal.any([timeout, closing.signal]),
        });
        await answer.body.dump({ limit: 64 * 1024 }).catch(() => {});
        const code = answer.statusCode;
        if (code >= 200 && code < 300) return { ok: true, code };
        return {
          ok: false,
          code,
          error: code >= 300 && code < 400 ? FAILURES.redirect(code) : FAILURES.status(code),
        };
      } catch (err) {
        if (closing.signal.aborted) throw err;
        if (timeout.aborted || /TIMEOUT/.test(String((err as { code?: unknown }).code)))
          return { ok: false, code: null, error: FAILURES.timeout(timeoutMs) };
        if (isPrivateRefusal(err)) return { ok: false, code: null, error: FAILURES.privateAddress };
        app.log.info({ err, deliveryId: delivery.id }, 'webhook delivery failed');
        return { ok: false, code: null, error: FAILURES.connect };
      }
    }

    /** Tells the board's administrators that the webhook was switched off, in `trx`; answers who. */
    async function notifySwitchedOff(
      trx: Transaction<Database>,
      webhook: { id: number; boardId: number; url: string },
    ): Promise<{ users: number[]; mail: boolean }> {
      const admins = await boardAdmins(trx, webhook.boardId);
      const created = await insertNotifications(
        trx,
        admins.map((admin) => ({
          userId: admin.userId,
          kind: 'webhook-disabled' as const,
          boardId: webhook.boardId,
          taskId: null,
          actorId: null,
          data: { webhookId: webhook.id, url: webhook.url },
        })),
      );
      const mail = created.filter((row) => admins.find((admin) => admin.userId === row.userId)?.mail);
      if (mail.length > 0) {
        await boss.insert(
          mail.map((row) => ({
            name: MAIL_QUEUE,
            data: { notificationId: row.id, kind: row.kind } satisfies MailJob,
          })),
          { db: app.queue.inTransaction(trx) },
        );
      }
      return { users: created.map((row) => row.userId), mail: mail.length > 0 };
    }

    /** Makes try `attempt` of the delivery, records it and queues the next; nothing if it was made. */
    async function deliver({ deliveryId, attempt }: DeliveryJob): Promise<void> {
      const delivery = await findDeliveryToSend(app.db, deliveryId);
      if (
        !delivery ||
        delivery.attempts >= attempt ||
        delivery.status === 'delivered' ||
        delivery.status === 'failed'
      )
        return;
      // A switched-off webhook sends nothing more, but its 'Проверить' still goes.
      const sending = delivery.enabled || delivery.event === PING_EVENT;
      const outcome: Outcome = sending
        ? await post(delivery)
        : { ok: false, code: null, error: FAILURES.disabled };
      let retryIn: number | null = null;
      const notified = await app.db.transaction().execute(async (trx) => {
        const locked = await lockDelivery(trx, deliveryId);
        if (
          !locked ||
          locked.attempts >= attempt ||
          locked.status === 'delivered' ||
          locked.status === 'failed'
        )
          return null;
        if (outcome.ok) {
          await markWebhookWorking(trx, delivery.webhookId);
          await recordAttempt(trx, deliveryId, {
            attempts: attempt,
            status: 'delivered',
            responseCode: outcome.code,
            error: null,
            nextAttemptAt: null,
          });
          return null;
        }
        const switchedOff = sending
          ? await markWebhookFailing(trx, delivery.webhookId, new Date(Date.now() - SWITCH_OFF_AFTER_MS))
          : null;
        const delay = sending && !switchedOff ? delays[attempt - 1] : undefined;
        const next = delay === undefined ? null : new Date(Date.now() + delay);
        await recordAttempt(trx, deliveryId, {
          attempts: sending ? attempt : locked.attempts,
          status: next ? 'retrying' : 'failed',
          responseCode: outcome.code,
          error: outcome.error,
          nextAttemptAt: next,
        });
        if (next) {
          retryIn = delay ?? null;
          await boss.insert(
            [{ name: WEBHOOK_QUEUE, data: { deliveryId, attempt: attempt + 1 }, startAfter: next }],
            { db: app.queue.inTransaction(trx) },
          );
        }
        return switchedOff
          ? notifySwitchedOff(trx, {
              id: delivery.webhookId,
              boardId: switchedOff.boardId,
              url: switchedOff.url,
            })
          : null;
      });
      if (retryIn !== null && retryIn < 60_000) {
        // A short wait (tests, a tuned deployment) is not left to the queue's polling interval.
        const timer = setTimeout(() => {
          timers.delete(timer);
          wake();
        }, retryIn + 20);
        timers.add(timer);
      }
      if (notified) {
        if (notified.mail) app.notificationMail.wake();
        await announceUnread(app, notified.users).catch((err) =>
          app.log.warn({ err }, 'could not announce a switched-off webhook'),
        );
      }
      await pruneDeliveries(app.db, delivery.webhookId, WEBHOOK_LIMITS.deliveries);
    }

    async function sendSwitchedOffLetter(notificationId: number): Promise<void> {
      await app.db.transaction().execute(async (trx) => {
        const letter = await claimSwitchedOffLetter(trx, notificationId);
        if (letter) await app.mailer.send(switchedOffMail(letter, app.config.publicUrl));
      });
    }
    app.notificationMail.letters(['webhook-disabled'], sendSwitchedOffLetter);

    app.addHook('onReady', async () => {
      for (let i = 0; i < WORKERS; i += 1) {
        let worker: string | null = null;
        worker = await app.queue.work<DeliveryJob>(WEBHOOK_QUEUE, { batchSize: 1 }, async ([job]) => {
          if (job) await deliver(job.data);
          // Look again at once: more may be waiting (pg-boss would wait out its polling interval).
          if (worker) boss.notifyWorker(worker);
        });
        workers.push(worker);
      }
    });

    app.addHook('preClose', async () => {
      closing.abort();
      for (const timer of timers) clearTimeout(timer);
    });
    app.addHook('onClose', async () => {
      await agent.close().catch(() => {});
    });

    app.decorate('webhooks', { wake } satisfies Webhooks);
  },
  {
    name: 'webhooks',
    dependencies: ['config', 'db', 'queue', 'mailer', 'realtime', 'notification-mail'],
  },
);
