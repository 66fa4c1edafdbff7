/**
 * Imports (docs/decisions.md "Import"): each import job's state, progress and report for its importer;
 * the assignments of an imported board waiting for their invitee to accept (by e-mail, as the
 * invitation is sent); and a comment's author as the source named them, when that person has no
 * account here (the importer is then the comment's user).
 */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: a migration is frozen in time, so it must not use today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('imports')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('format', 'text', (col) => col.notNull())
    .addColumn('options', 'jsonb', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull().defaultTo('queued'))
    .addColumn('progress', 'real', (col) => col.notNull().defaultTo(0))
    .addColumn('stage', 'jsonb')
    .addColumn('board_id', 'integer', (col) => col.references('boards.id').onDelete('set null'))
    .addColumn('report', 'jsonb')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await sql`create index imports_user_idx on imports (user_id, created_at)`.execute(db);
  await db.schema
    .createTable('pending_assignees')
    .addColumn('board_id', 'integer', (col) => col.notNull().references('boards.id').onDelete('cascade'))
    .addColumn('task_id', 'integer', (col) => col.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('pending_assignees_pk', ['task_id', 'email'])
    .execute();
  await sql`create index pending_assignees_email_idx on pending_assignees (board_id, email)`.execute(db);
  await db.schema.alterTable('comments').addColumn('author_name', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('comments').dropColumn('author_name').execute();
  await db.schema.dropTable('pending_assignees').execute();
  await db.schema.dropTable('imports').execute();
}
