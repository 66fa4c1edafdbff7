/** Webhooks and their deliveries: every query on them, and rows turned into the API's shapes. */
import type { DeliveredEvent, Webhook, WebhookDelivery, WebhookEvent } from 'contract/webhooks';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, WebhookDeliveriesTable, WebhooksTable } from '../database.js';

type Db = Kysely<Database>;

const WEBHOOK_COLUMNS = ['id', 'url', 'events', 'enabled', 'failing_since', 'created_at'] as const;
const DELIVERY_COLUMNS = [
  'id',
  'webhook_id',
  'event',
  'status',
  'attempts',
  'response_code',
  'error',
  'created_at',
  'next_attempt_at',
] as const;

type DeliveryRow = Pick<Selectable<WebhookDeliveriesTable>, (typeof DELIVERY_COLUMNS)[number]>;
type WebhookRow = Pick<Selectable<WebhooksTable>, (typeof WEBHOOK_COLUMNS)[number]>;

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event: row.event as DeliveredEvent,
    status: row.status,
    attempts: row.attempts,
    responseCode: row.response_code,
    error: row.error,
    at: row.created_at.toISOString(),
    nextAttemptAt: row.next_attempt_at?.toISOString() ?? null,
  };
}

function toWebhook(row: WebhookRow, last: DeliveryRow | undefined): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    enabled: row.enabled,
    createdAt: row.created_at.toISOString(),
    failingSince: row.failing_since?.toISOString() ?? null,
    lastDelivery: last ? toDelivery(last) : null,
  };
}

/** The board's webhooks (all of them, or the one `id`), oldest first, each with its newest delivery. */
export async function listWebhooks(db: Db, boardId: number, id?: number): Promise<Webhook[]> {
  let query = db.selectFrom('webhooks').select(WEBHOOK_COLUMNS).where('board_id', '=', boardId);
  if (id !== undefined) query = query.where('id', '=', id);
  const rows = await query.orderBy('id').execute();
  if (rows.length === 0) return [];
  const last = await db
    .selectFrom('webhook_deliveries')
    .select(DELIVERY_COLUMNS)
    .distinctOn('webhook_id')
    .where(
      'webhook_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('webhook_id')
    .orderBy('seq', 'desc')
    .execute();
  const byWebhook = new Map(last.map((row) => [row.webhook_id, row]));
  return rows.map((row) => toWebhook(row, byWebhook.get(row.id)));
}

export async function findWebhook(db: Db, boardId: number, id: number): Promise<Webhook | null> {
  return (await listWebhooks(db, boardId, id))[0] ?? null;
}

export async function countWebhooks(db: Db, boardId: number): Promise<number> {
  const row = await db
    .selectFrom('webhooks')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('board_id', '=', boardId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertWebhook(
  db: Db,
  hook: { boardId: number; url: string; events: WebhookEvent[]; secret: string; userId: number },
): Promise<number> {
  const row = await db
    .insertInto('webhooks')
    .values({
      board_id: hook.boardId,
      url: hook.url,
      events: JSON.stringify(hook.events),
      secret: hook.secret,
      created_by: hook.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Changes the fields given; turning it on forgets its failing streak. False when the board has no such webhook. */
export async function updateWebhook(
  db: Db,
  boardId: number,
  id: number,
  edit: { url?: string; events?: WebhookEvent[]; secret?: string; enabled?: boolean },
): Promise<boolean> {
  const result = await db
    .updateTable('webhooks')
    .set({
      ...(edit.url !== undefined && { url: edit.url }),
      ...(edit.events !== undefined && { events: JSON.stringify(edit.events) }),
      ...(edit.secret !== undefined && { secret: edit.secret }),
      ...(edit.enabled !== undefined && { enabled: edit.enabled }),
      ...(edit.enabled === true && { failing_since: null }),
    })
    .where('board_id', '=', boardId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteWebhook(db: Db, boardId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('webhooks')
    .where('board_id', '=', boardId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The board's enabled webhooks and their events: the one query a board change makes (a partial index). */
export async function enabledWebhooks(
  db: Db,
  boardId: number,
): Promise<{ id: number; events: WebhookEvent[] }[]> {
  const rows = await db
    .selectFrom('webhooks')
    .select(['id', 'events'])
    .where('board_id', '=', boardId)
    .where('enabled', '=', true)
    .execute();
  return rows.map((row) => ({ id: row.id, events: row.events as WebhookEvent[] }));
}

export interface NewDelivery {
  id: string;
  webhookId: number;
  event: DeliveredEvent;
  /** The body, as it will be sent and signed. */
  payload: string;
}

export async function insertDeliveries(db: Db, rows: readonly NewDelivery[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('webhook_deliveries')
    .values(
      rows.map((row) => ({ id: row.id, webhook_id: row.webhookId, event: row.event, payload: row.payload })),
    )
    .execute();
}

/** The webhook's newest deliveries, newest first. */
export async function listDeliveries(db: Db, webhookId: number, limit: number): Promise<WebhookDelivery[]> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select(DELIVERY_COLUMNS)
    .where('webhook_id', '=', webhookId)
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toDelivery);
}

/** Deletes the webhook's deliveries beyond its newest `keep`. */
export async function pruneDeliveries(db: Db, webhookId: number, keep: number): Promise<void> {
  await sql`
    delete from webhook_deliveries
    where webhook_id = ${webhookId}
      and seq < (select seq from webhook_deliveries where webhook_id = ${webhookId}
                 order by seq desc offset ${keep - 1} limit 1)
  `.execute(db);
}

/** A delivery with what sending it needs. */
export interface DeliveryToSend {
  id: string;
  webhookId: number;
  boardId: number;
  event: DeliveredEvent;
  payload: string;
  status: WebhookDelivery['status'];
  attempts: number;
  url: string;
  secret: string;
  enabled: boolean;
}

export async function findDeliveryToSend(db: Db, id: string): Promise<DeliveryToSend | null> {
  const row = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
    .select([
      'd.id',
      'd.webhook_id',
      'w.board_id',
      'd.event',
      'd.payload',
      'd.status',
      'd.attempts',
      'w.url',
      'w.secret',
      'w.enabled',
    ])
    .where('d.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    webhookId: row.webhook_id,
    boardId: row.board_id,
    event: row.event as DeliveredEvent,
    payload: row.payload,
    status: row.status,
    attempts: row.attempts,
    url: row.url,
    secret: row.secret,
    enabled: row.enabled,
  };
}

/** The delivery's tries so far and status, row-locked for the caller's transaction; null when it is gone. */
export async function lockDelivery(
  db: Db,
  id: string,
): Promise<{ attempts: number; status: WebhookDelivery['status'] } | null> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select(['attempts', 'status'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

/** Records how the delivery's last try went. */
export async function recordAttempt(
  db: Db,
  id: string,
  outcome: {
    attempts: number;
    status: 'delivered' | 'failed' | 'retrying';
    responseCode: number | null;
    error: string | null;
    nextAttemptAt: Date | null;
  },
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({
      status: outcome.status,
      attempts: outcome.attempts,
      response_code: outcome.responseCode,
      error: outcome.error,
      next_attempt_at: outcome.nextAttemptAt,
      last_attempt_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

/** A delivered try ends the webhook's failing streak. */
export async function markWebhookWorking(db: Db, webhookId: number): Promise<void> {
  await db
    .updateTable('webhooks')
    .set({ failing_since: null })
    .where('id', '=', webhookId)
    .where('failing_since', 'is not', null)
    .execute();
}

/**
 * A failed try: starts the webhook's failing streak if none runs, and switches the webhook off when
 * the streak began before `switchOffBefore`. Answers the switched-off webhook (only to the one caller
 * that switched it off), else null.
 */
export async function markWebhookFailing(
  db: Db,
  webhookId: number,
  switchOffBefore: Date,
): Promise<{ boardId: number; url: string } | null> {
  await db
    .updateTable('webhooks')
    .set({ failing_since: sql`now()` })
    .where('id', '=', webhookId)
    .where('failing_since', 'is', null)
    .execute();
  const off = await db
    .updateTable('webhooks')
    .set({ enabled: false })
    .where('id', '=', webhookId)
    .where('enabled', '=', true)
    .where('failing_since', '<=', switchOffBefore)
    .returning(['board_id', 'url'])
    .executeTakeFirst();
  return off ? { boardId: off.board_id, url: off.url } : null;
}

/** The board's administrators (its owner among them) and whether each wants e-mail. */
export async function boardAdmins(db: Db, boardId: number): Promise<{ userId: number; mail: boolean }[]> {
  const rows = await db
    .selectFrom('board_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('boards as b', 'b.id', 'm.board_id')
    .select(['u.id', 'u.email_notifications'])
    .where('m.board_id', '=', boardId)
    .where('m.accepted', '=', true)
    .where('m.is_deleted', '=', false)
    .where((eb) => eb.or([eb('m.role', '=', 'admin'), eb('b.created_by', '=', eb.ref('m.user_id'))]))
    .orderBy('u.id')
    .execute();
  return rows.map((row) => ({ userId: row.id, mail: row.email_notifications !== 'off' }));
}

export async function boardName(db: Db, boardId: number): Promise<string> {
  const row = await db.selectFrom('boards').select('name').where('id', '=', boardId).executeTakeFirst();
  return row?.name ?? '';
}

/** The user's name (empty when the account is gone). */
export async function userName(db: Db, userId: number): Promise<string> {
  const row = await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
  return row?.name ?? '';
}

export interface SwitchedOffLetter {
  email: string;
  name: string;
  boardId: number;
  boardName: string;
  url: string;
}

/**
 * Claims the letter of a 'webhook-disabled' notification in `db` (a transaction): null when it should
 * not go (the user turned e-mail off, read it, left the board, or it went already); otherwise it is
 * marked mailed, which holds once the caller commits after sending.
 */
export async function claimSwitchedOffLetter(
  db: Db,
  notificationId: number,
): Promise<SwitchedOffLetter | null> {
  const row = await db
    .selectFrom('notifications as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .innerJoin('boards as b', 'b.id', 'n.board_id')
    .innerJoin('board_members as m', (join) =>
      join.onRef('m.board_id', '=', 'n.board_id').onRef('m.user_id', '=', 'n.user_id'),
    )
    .select(['u.email', 'u.name', 'n.board_id', 'b.name as board_name', 'n.data'])
    .where('n.id', '=', notificationId)
    .where('n.kind', '=', 'webhook-disabled')
    .where('n.emailed_at', 'is', null)
    .where('n.read_at', 'is', null)
    .where('u.email_notifications', '!=', 'off')
    .where('b.deleted_at', 'is', null)
    .where('m.accepted', '=', true)
    .where('m.is_deleted', '=', false)
    .forUpdate('n')
    .skipLocked()
    .executeTakeFirst();
  if (!row) return null;
  await db
    .updateTable('notifications')
    .set({ emailed_at: new Date() })
    .where('id', '=', notificationId)
    .execute();
  return {
    email: row.email,
    name: row.name,
    boardId: row.board_id,
    boardName: row.board_name,
    url: typeof row.data.url === 'string' ? row.data.url : '',
  };
}
