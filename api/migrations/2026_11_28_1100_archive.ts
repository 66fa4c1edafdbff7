/**
 * The archive (docs/decisions.md "Archive"): a task or a column taken off the board and kept forever,
 * with its rows in place, until it is put back. An archived task keeps its last position (it is left
 * out when its column's tasks are numbered); an archived column takes its tasks off the board with it.
 */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: a migration is frozen in time, so it must not use today's table types
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['tasks', 'columns']) {
    await db.schema
      .alterTable(table)
      .addColumn('archived_at', 'timestamptz')
      .addColumn('archived_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .execute();
  }
  await sql`create index tasks_archived_idx on tasks (board_id) where archived_at is not null`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: as above
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index tasks_archived_idx`.execute(db);
  for (const table of ['tasks', 'columns']) {
    await db.schema.alterTable(table).dropColumn('archived_at').dropColumn('archived_by').execute();
  }
}
