/**
 * Notifications: the caller's list and unread count (only of boards they are still an accepted, not
 * removed member of, and not deleted), and marking them read. Reminders insert theirs
 * (reminders/repository.ts), board changes theirs (watchers/notify.ts); their letters are claimed here.
 */

import { type Notification, type NotificationKind, PAGE_SIZE, REMINDER_KINDS } from 'contract/notifications';
import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { Database } from '../database.js';

type Db = Kysely<Database>;

const REMINDER = new Set<NotificationKind>(REMINDER_KINDS);

/** The notification's board still has its user as a member and is not deleted. */
const ofMemberBoards = (eb: ExpressionBuilder<Database & { n: Database['notifications'] }, 'n'>) =>
  eb.and([
    eb.exists(
      eb
        .selectFrom('board_members as m')
        .select('m.id')
        .whereRef('m.board_id', '=', 'n.board_id')
        .whereRef('m.user_id', '=', 'n.user_id')
        .where('m.accepted', '=', true)
        .where('m.is_deleted', '=', false),
    ),
    eb.not(
      eb.exists(
        eb
          .selectFrom('boards as db')
          .select('db.id')
          .whereRef('db.id', '=', 'n.board_id')
          .where('db.deleted_at', 'is not', null),
      ),
    ),
  ]);

/** A page of the user's notifications, newest first, older than `before` when given. */
export async function listNotifications(
  db: Db,
  userId: number,
  before: number | undefined,
): Promise<Notification[]> {
  let query = db
    .selectFrom('notifications as n')
    .leftJoin('tasks as t', 't.id', 'n.task_id')
    .innerJoin('boards as b', 'b.id', 'n.board_id')
    .leftJoin('users as a', 'a.id', 'n.actor_id')
    .select([
      'n.id',
      'n.actor_id',
      'a.name as actor_name',
      'n.data',
      'n.kind',
      'n.task_id',
      'n.board_id',
      'n.due_at',
      'n.read_at',
      'n.created_at',
      't.number',
      't.title',
      'b.name as board_name',
    ])
    .where('n.user_id', '=', userId)
    .where(ofMemberBoards)
    .orderBy('n.id', 'desc')
    .limit(PAGE_SIZE);
  if (before !== undefined) query = query.where('n.id', '<', before);
  const rows = await query.execute();
  return rows.map((row) => {
    const kind = row.kind as NotificationKind;
    const notification: Notification = {
      id: row.id,
      kind,
      // A notification about the board itself has no task ('webhook-disabled').
      task:
        row.task_id === null || row.number === null
          ? null
          : { id: String(row.task_id), boardId: row.board_id, number: row.number, title: row.title ?? '' },
      board: { id: row.board_id, name: row.board_name },
      at: row.created_at.toISOString(),
      dueAt: row.due_at?.toISOString() ?? null,
      read: row.read_at !== null,
    };
    // Reminders keep their old shape; the watchers' kinds say who acted and what happened.
    if (!REMINDER.has(kind)) {
      notification.actor = row.actor_id === null ? null : { id: row.actor_id, name: row.actor_name ?? '' };
      notification.data = row.data;
    }
    return notification;
  });
}

export async function countUnread(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications as n')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('n.user_id', '=', userId)
    .where('n.read_at', 'is', null)
    .where(ofMemberBoards)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Marks the user's unread notifications among `ids` (all of them when `ids` is null) read. */
export async function markRead(db: Db, userId: number, ids: number[] | null): Promise<void> {
  if (ids?.length === 0) return;
  let query = db
    .updateTable('notifications')
    .set({ read_at: new Date() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ids) query = query.where('id', 'in', ids);
  await query.execute();
}

export interface NewNotification {
  userId: number;
  kind: NotificationKind;
  boardId: number;
  /** Null for a notification about the board itself. */
  taskId: number | null;
  /** Null when nobody acted (a webhook switched off). */
  actorId: number | null;
  data: Record<string, unknown>;
}

export interface CreatedNotification {
  id: number;
  userId: number;
  kind: NotificationKind;
  /** The user wants each notification by e-mail at once. */
  instant: boolean;
}

/** Inserts notifications of board changes; answers them with whether each goes out by e-mail now. */
export async function insertNotifications(
  db: Db,
  rows: readonly NewNotification[],
): Promise<CreatedNotification[]> {
  if (rows.length === 0) return [];
  const created = await db
    .insertInto('notifications')
    .values(
      rows.map((row) => ({
        user_id: row.userId,
        kind: row.kind,
        board_id: row.boardId,
        task_id: row.taskId,
        due_at: null,
        actor_id: row.actorId,
        data: JSON.stringify(row.data),
      })),
    )
    .returning(['id', 'user_id', 'kind'])
    .execute();
  const instant = new Set(
    (
      await db
        .selectFrom('users')
        .select('id')
        .where('id', 'in', [...new Set(created.map((row) => row.user_id))])
        .where('email_notifications', '=', 'instant')
        .execute()
    ).map((row) => row.id),
  );
  return created.map((row) => ({
    id: row.id,
    userId: row.user_id,
    kind: row.kind as NotificationKind,
    instant: instant.has(row.user_id),
  }));
}

/** One notification as a letter tells it. */
export interface MailItem {
  id: number;
  kind: NotificationKind;
  email: string;
  name: string;
  actorName: string | null;
  boardId: number;
  boardName: string;
  taskId: number;
  /** The task's number on its board, which its link carries. */
  taskNumber: number;
  title: string;
  data: Record<string, unknown>;
  at: Date;
}

/**
 * The notifications of board changes still to be mailed, row-locked for the caller's transaction:
 * unread, not mailed yet, the user still a member of a board that is not deleted.
 */
function unmailed(db: Db) {
  return db
    .selectFrom('notifications as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .innerJoin('tasks as t', 't.id', 'n.task_id')
    .innerJoin('boards as b', 'b.id', 'n.board_id')
    .innerJoin('board_members as m', (join) =>
      join.onRef('m.board_id', '=', 'n.board_id').onRef('m.user_id', '=', 'n.user_id'),
    )
    .leftJoin('users as a', 'a.id', 'n.actor_id')
    .select([
      'n.id',
      'n.kind',
      'u.email',
      'u.name',
      'a.name as actor_name',
      'n.board_id',
      'b.name as board_name',
      't.id as task_id',
      't.number',
      't.title',
      'n.data',
      'n.created_at',
    ])
    .where('n.kind', 'not in', [...REMINDER_KINDS])
    .where('n.emailed_at', 'is', null)
    .where('n.read_at', 'is', null)
    .where('b.deleted_at', 'is', null)
    .where('m.accepted', '=', true)
    .where('m.is_deleted', '=', false)
    .orderBy('n.id')
    .forUpdate('n')
    .skipLocked();
}

const toMailItem = (row: Awaited<ReturnType<ReturnType<typeof unmailed>['execute']>>[number]): MailItem => ({
  id: row.id,
  kind: row.kind as NotificationKind,
  email: row.email,
  name: row.name,
  actorName: row.actor_name,
  boardId: row.board_id,
  boardName: row.board_name,
  taskId: row.task_id,
  taskNumber: row.number,
  title: row.title,
  data: row.data,
  at: row.created_at,
});

async function markEmailed(trx: Transaction<Database>, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await trx.updateTable('notifications').set({ emailed_at: new Date() }).where('id', 'in', ids).execute();
}

/**
 * Claims the notification's instant letter in `trx`: null when it should not go (the user no longer
 * wants letters at once, read it already, left the board, or it went already); otherwise it is marked
 * mailed, which holds once the caller's transaction commits after sending.
 */
export async function claimInstantMail(trx: Transaction<Database>, id: number): Promise<MailItem | null> {
  const row = await unmailed(trx)
    .where('n.id', '=', id)
    .where('u.email_notifications', '=', 'instant')
    .executeTakeFirst();
  if (!row) return null;
  await markEmailed(trx, [row.id]);
  return toMailItem(row);
}

/** The users wanting a daily digest with something for it made in (since, until]. */
export async function digestRecipients(db: Db, since: Date, until: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('notifications as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .select('n.user_id')
    .distinct()
    .where('u.email_notifications', '=', 'daily')
    .where('n.kind', 'not in', [...REMINDER_KINDS])
    .where('n.emailed_at', 'is', null)
    .where('n.read_at', 'is', null)
    .where('n.created_at', '>', since)
    .where('n.created_at', '<=', until)
    .execute();
  return rows.map((row) => row.user_id);
}

/** Claims the user's digest in `trx` as `claimInstantMail` does a letter: its items, oldest first. */
export async function claimDigest(
  trx: Transaction<Database>,
  userId: number,
  since: Date,
  until: Date,
): Promise<MailItem[]> {
  const rows = await unmailed(trx)
    .where('n.user_id', '=', userId)
    .where('u.email_notifications', '=', 'daily')
    .where('n.created_at', '>', since)
    .where('n.created_at', '<=', until)
    .execute();
  await markEmailed(
    trx,
    rows.map((row) => row.id),
  );
  return rows.map(toMailItem);
}
