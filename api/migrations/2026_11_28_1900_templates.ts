/**
 * Board templates (docs/decisions.md "Templates, copies and moves"): a user's saved template is a
 * board export (contract/export.ts, without members, comments, files, assignees or the archive) kept
 * whole, with the summary its list shows; it goes with its owner's account.
 */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: a migration is frozen in time, so it must not use today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('board_templates')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    // The column names in order, the number of labels and of cards: the list's preview.
    .addColumn('columns', 'jsonb', (col) => col.notNull())
    .addColumn('labels', 'integer', (col) => col.notNull())
    .addColumn('tasks', 'integer', (col) => col.notNull())
    .addColumn('snapshot', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index board_templates_user_idx on board_templates (user_id, id)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('board_templates').execute();
}
