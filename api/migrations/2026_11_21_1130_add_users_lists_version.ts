import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: a migration is frozen in time, so it must not use today's table types
export async function up(db: Kysely<any>): Promise<void> {
  // Bumped in the same transaction as any change to the user's board list or invitation list, so a
  // serialized list kept in memory is valid exactly while this number is unchanged.
  await db.schema
    .alterTable('users')
    .addColumn('lists_version', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('lists_version').execute();
}
