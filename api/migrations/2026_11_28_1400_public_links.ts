/**
 * A board's read-only public link (docs/decisions.md "Public links"): the secret in `/p/{token}`,
 * null while the link is off. A new link replaces the old one, which then answers nothing.
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: a migration is frozen in time, so it must not use today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('boards')
    .addColumn('public_token', 'text', (col) => col.unique())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('boards').dropColumn('public_token').execute();
}
