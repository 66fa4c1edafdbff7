/**
 * Planning (issue 33, first part): a task's start date beside its due date, and a column's limit of
 * cards. Start after due is refused by the API, not by a check here, so rows written before stay
 * valid; the limit's range (1..1000) is the API's too.
 */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: a migration is frozen in time, so it must not use today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tasks').addColumn('start_at', 'timestamptz').execute();
  await db.schema
    .alterTable('columns')
    .addColumn('wip_limit', 'integer')
    .addColumn('wip_strict', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  // The calendar range reads tasks of a board by their dates.
  await sql`create index tasks_board_dates_idx on tasks (board_id, coalesce(start_at, due_at), due_at)
    where due_at is not null or start_at is not null`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: as above
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists tasks_board_dates_idx`.execute(db);
  await db.schema.alterTable('columns').dropColumn('wip_limit').dropColumn('wip_strict').execute();
  await db.schema.alterTable('tasks').dropColumn('start_at').execute();
}
