/**
 * Sign-in through an OpenID Connect provider (docs/decisions.md "OIDC sign-in"): an account's
 * identities at providers, found by (issuer, subject). An account made through a provider has no
 * password, so `users.password_hash` may now be null (password sign-in then fails as for a wrong one).
 */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: a migration is frozen in time, so it must not use today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('oidc_identities')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('issuer', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('oidc_identities_issuer_subject_key', ['issuer', 'subject'])
    .execute();
  await sql`create index oidc_identities_user_idx on oidc_identities (user_id)`.execute(db);
  await db.schema
    .alterTable('users')
    .alterColumn('password_hash', (col) => col.dropNotNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: as above
export async function down(db: Kysely<any>): Promise<void> {
  // A hash no password matches (not in the `scrypt$…` form), so those accounts stay password-less.
  await sql`update users set password_hash = '!' where password_hash is null`.execute(db);
  await db.schema
    .alterTable('users')
    .alterColumn('password_hash', (col) => col.setNotNull())
    .execute();
  await db.schema.dropTable('oidc_identities').execute();
}
