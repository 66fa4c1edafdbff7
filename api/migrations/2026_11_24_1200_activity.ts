/**
 * The board's activity log (api/src/activity): one row per recorded change, written
 * in the change's transaction. Task and column ids have no foreign key, and the task's title and the
 * column's name at the time are kept in the row, so the history still reads after they are deleted.
 */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: a migration is frozen in time, so it must not use today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('activity')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('board_id', 'integer', (col) => col.notNull().references('boards.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('task_id', 'integer')
    .addColumn('task_title', 'text')
    .addColumn('column_id', 'integer')
    .addColumn('column_name', 'text')
    .addColumn('data', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema
    .createIndex('activity_board_id_idx')
    .on('activity')
    .columns(['board_id', 'id desc'])
    .execute();
  await db.schema
    .createIndex('activity_task_id_idx')
    .on('activity')
    .columns(['task_id', 'id desc'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('activity').execute();
}
