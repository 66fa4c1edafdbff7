import type { Kysely } from 'kysely';
import type { Database } from '../database.js';

type Db = Kysely<Database>;

export async function findCalendarToken(db: Db, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('calendar_token')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.calendar_token ?? null;
}

/** Replaces the user's feed token (null turns the feed off). */
export async function setCalendarToken(db: Db, userId: number, token: string | null): Promise<void> {
  await db.updateTable('users').set({ calendar_token: token }).where('id', '=', userId).execute();
}

export async function findUserIdByCalendarToken(db: Db, token: string): Promise<number | null> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('calendar_token', '=', token)
    .executeTakeFirst();
  return row?.id ?? null;
}
