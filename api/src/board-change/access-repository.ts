/**
 * The queries behind board access and versions: who stands where on a board, the board's version
 * (bumped, which takes its row lock, by every change) and the users' list versions.
 */
import type { Role } from 'contract/roles';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database.js';

type Db = Kysely<Database>;

export interface BoardAccessRow {
  createdBy: number;
  /** boards.version as the check saw it. */
  version: number;
  /** Accepted and not removed. */
  member: boolean;
  /** The member's role (as stored: also for a pending or removed row); null without a row. */
  role: Role | null;
}

/**
 * The board's creator and the user's standing on it; null when the board does not exist or is
 * deleted (a deleted board waits for its creator's restore as if it were gone).
 */
export async function findBoardAccess(
  db: Db,
  boardId: number,
  userId: number,
): Promise<BoardAccessRow | null> {
  const row = await db
    .selectFrom('boards as b')
    .leftJoin('board_members as m', (join) =>
      join.onRef('m.board_id', '=', 'b.id').on('m.user_id', '=', userId),
    )
    .select(['b.created_by', 'b.version', 'm.accepted', 'm.is_deleted', 'm.role'])
    .where('b.id', '=', boardId)
    .where('b.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  return {
    createdBy: row.created_by,
    version: Number(row.version),
    member: row.accepted === true && row.is_deleted === false,
    role: row.role ?? null,
  };
}

/** Bumps the version (taking the row lock); null when the board does not exist or is deleted. */
export async function bumpBoardVersion(
  db: Db,
  boardId: number,
): Promise<{ version: number; createdBy: number; name: string } | null> {
  const row = await db
    .updateTable('boards')
    .set({ version: sql<string>`version + 1` })
    .where('id', '=', boardId)
    .where('deleted_at', 'is', null)
    .returning(['version', 'created_by', 'name'])
    .executeTakeFirst();
  return row ? { version: Number(row.version), createdBy: row.created_by, name: row.name } : null;
}

/**
 * Locks the board for share without bumping it (a change that only reads it, such as a card copied
 * from it, keeps it from changing meanwhile); null when the board does not exist or is deleted.
 */
export async function lockBoardForShare(
  db: Db,
  boardId: number,
): Promise<{ version: number; createdBy: number; name: string } | null> {
  const row = await db
    .selectFrom('boards')
    .select(['version', 'created_by', 'name'])
    .where('id', '=', boardId)
    .where('deleted_at', 'is', null)
    .forShare()
    .executeTakeFirst();
  return row ? { version: Number(row.version), createdBy: row.created_by, name: row.name } : null;
}

/** The user's lists version (see versioned-cache.ts); 0 for an unknown user. */
export async function findListsVersion(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('lists_version')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.lists_version ?? 0;
}

/**
 * Marks board lists and invitation lists changed: of the given users, or of everyone with a row on
 * the board (members, invitees, removed members). Call in the transaction of the change.
 */
export async function touchLists(db: Db, target: { userIds: number[] } | { boardId: number }): Promise<void> {
  if ('userIds' in target && target.userIds.length === 0) return;
  await db
    .updateTable('users')
    .set({ lists_version: sql<number>`lists_version + 1` })
    .where(
      'id',
      'in',
      'userIds' in target
        ? target.userIds
        : db.selectFrom('board_members').select('user_id').where('board_id', '=', target.boardId),
    )
    .execute();
}

/** How many of `ids` are accepted, not removed members of the board (the users one may assign). */
export async function countAssignable(db: Db, boardId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await db
    .selectFrom('board_members')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('board_id', '=', boardId)
    .where('user_id', 'in', ids)
    .where('accepted', '=', true)
    .where('is_deleted', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
