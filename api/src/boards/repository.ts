/** Boards: every query on the boards and board_members tables, and rows turned into API shapes. */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database.js';

type Db = Kysely<Database>;

export interface BoardAccessRow {
  createdBy: number;
  /** Accepted and not removed. */
  member: boolean;
}

/** The board's creator and the user's standing on it; null when the board does not exist. */
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
    .select(['b.created_by', 'm.accepted', 'm.is_deleted'])
    .where('b.id', '=', boardId)
    .executeTakeFirst();
  if (!row) return null;
  return { createdBy: row.created_by, member: row.accepted === true && row.is_deleted === false };
}

/** Bumps the version (taking the row lock); null when the board does not exist. */
export async function bumpBoardVersion(
  db: Db,
  boardId: number,
): Promise<{ version: number; createdBy: number } | null> {
  const row = await db
    .updateTable('boards')
    .set({ version: sql<string>`version + 1` })
    .where('id', '=', boardId)
    .returning(['version', 'created_by'])
    .executeTakeFirst();
  return row ? { version: Number(row.version), createdBy: row.created_by } : null;
}
