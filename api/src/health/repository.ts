import { type Kysely, sql } from 'kysely';

export async function pingDatabase(db: Kysely<unknown>): Promise<void> {
  await sql`select 1`.execute(db);
}
