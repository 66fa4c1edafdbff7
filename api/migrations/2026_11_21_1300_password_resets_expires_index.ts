import type { Kysely } from 'kysely';

// Each new reset removes the ones that expired more than a day ago (src/reset/repository.ts).
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not use the app's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('password_resets_expires_at_idx')
    .on('password_resets')
    .column('expires_at')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('password_resets_expires_at_idx').execute();
}
