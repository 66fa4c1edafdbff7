import type { Kysely } from 'kysely';

// One object belongs to at most one file row: deleting one row must never remove another's bytes.
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not use the app's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('files_storage_key_key').on('files').column('storage_key').unique().execute();
}

// biome-ignore lint/suspicious/noExplicitAny: as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('files_storage_key_key').execute();
}
