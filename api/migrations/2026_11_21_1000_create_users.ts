import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: a migration is frozen in time, so it must not use today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('gender', 'smallint', (col) => col.check(sql`gender in (0, 1)`))
    .addColumn('avatar', 'text')
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('token_version', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('users_email_lower_case', sql`email = lower(email)`)
    .execute();
  // E-mails are stored lower-cased, so a plain unique index serves every lookup by e-mail.
  await db.schema.createIndex('users_email_key').on('users').column('email').unique().execute();
}

// biome-ignore lint/suspicious/noExplicitAny: as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('users').execute();
}
