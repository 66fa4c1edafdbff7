/**
 * Notifications: the caller's list and unread count (only of boards they are still an accepted, not
 * removed member of), and marking them read. Reminders insert them (reminders/repository.ts).
 */
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../database.js';
import { type Notification, type NotificationKind, PAGE_SIZE } from './schemas.js';

type Db = Kysely<Database>;

/** The notification's board still has its user as a member. */
const ofMemberBoards = (eb: ExpressionBuilder<Database & { n: Database['notifications'] }, 'n'>) =>
  eb.exists(
    eb
      .selectFrom('board_members as m')
      .select('m.id')
      .whereRef('m.board_id', '=', 'n.board_id')
      .whereRef('m.user_id', '=', 'n.user_id')
      .where('m.accepted', '=', true)
      .where('m.is_deleted', '=', false),
  );

/** A page of the user's notifications, newest first, older than `before` when given. */
export async function listNotifications(
  db: Db,
  userId: number,
  before: number | undefined,
): Promise<Notification[]> {
  let query = db
    .selectFrom('notifications as n')
    .innerJoin('tasks as t', 't.id', 'n.task_id')
    .innerJoin('boards as b', 'b.id', 'n.board_id')
    .select([
      'n.id',
      'n.kind',
      'n.task_id',
      'n.board_id',
      'n.due_at',
      'n.read_at',
      'n.created_at',
      't.title',
      'b.name as board_name',
    ])
    .where('n.user_id', '=', userId)
    .where(ofMemberBoards)
    .orderBy('n.id', 'desc')
    .limit(PAGE_SIZE);
  if (before !== undefined) query = query.where('n.id', '<', before);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as NotificationKind,
    task: { id: String(row.task_id), boardId: row.board_id, title: row.title },
    board: { id: row.board_id, name: row.board_name },
    at: row.created_at.toISOString(),
    dueAt: row.due_at?.toISOString() ?? null,
    read: row.read_at !== null,
  }));
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
