/** The boards' public link tokens. */
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';

type Db = Kysely<Database>;

/** Sets (a new token) or clears (null) the board's public link. */
export async function setPublicToken(db: Db, boardId: number, token: string | null): Promise<void> {
  await db.updateTable('boards').set({ public_token: token }).where('id', '=', boardId).execute();
}

export async function findPublicToken(db: Db, boardId: number): Promise<string | null> {
  const row = await db
    .selectFrom('boards')
    .select('public_token')
    .where('id', '=', boardId)
    .executeTakeFirst();
  return row?.public_token ?? null;
}

/** The board a live public link opens, with its version; null for an unknown, replaced or deleted one. */
export async function findPublicBoard(
  db: Db,
  token: string,
): Promise<{ boardId: number; version: number } | null> {
  const row = await db
    .selectFrom('boards')
    .select(['id', 'version'])
    .where('public_token', '=', token)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? { boardId: row.id, version: Number(row.version) } : null;
}
