/**
 * Due dates, checklists, reminders and the calendar feed (docs/decisions.md "Due dates, checklists
 * and reminders"). Existing tasks have no due date; their revisions gain the two new fields with the
 * values every task had until now, so a save from an older copy merges them like any other field.
 */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: a migration is frozen in time, so it must not use today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('tasks')
    .addColumn('due_at', 'timestamptz')
    .addColumn('due_done', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  // Reminders look up the dates coming due; 'Мои задачи' and the feed read one user's tasks by date.
  await sql`create index tasks_due_idx on tasks (due_at) where due_at is not null`.execute(db);
  await sql`
    update revisions set fields = fields || '{"dueAt": null, "dueDone": false}'::jsonb
    where entity = 'task'
  `.execute(db);

  await db.schema
    .createTable('checklists')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('board_id', 'integer', (col) => col.notNull().references('boards.id').onDelete('cascade'))
    .addColumn('task_id', 'integer', (col) => col.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('checklists_task_idx')
    .on('checklists')
    .columns(['task_id', 'position'])
    .execute();

  await db.schema
    .createTable('checklist_items')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('board_id', 'integer', (col) => col.notNull().references('boards.id').onDelete('cascade'))
    .addColumn('task_id', 'integer', (col) => col.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('checklist_id', 'integer', (col) =>
      col.notNull().references('checklists.id').onDelete('cascade'),
    )
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('done', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('assignee_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('checklist_items_checklist_idx')
    .on('checklist_items')
    .columns(['checklist_id', 'position'])
    .execute();
  // The board detail counts done/total per task for a whole board.
  await db.schema
    .createIndex('checklist_items_board_task_idx')
    .on('checklist_items')
    .columns(['board_id', 'task_id'])
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('board_id', 'integer', (col) => col.notNull().references('boards.id').onDelete('cascade'))
    .addColumn('task_id', 'integer', (col) => col.notNull().references('tasks.id').onDelete('cascade'))
    // The due date a reminder was about: one reminder of a kind per user, task and date.
    .addColumn('due_at', 'timestamptz')
    .addColumn('read_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index notifications_once_idx on notifications (user_id, task_id, kind, due_at)`.execute(
    db,
  );
  await sql`create index notifications_user_idx on notifications (user_id, id desc)`.execute(db);

  await db.schema
    .alterTable('users')
    .addColumn('email_reminders', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('calendar_token', 'text', (col) => col.unique())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('calendar_token').dropColumn('email_reminders').execute();
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropTable('checklist_items').execute();
  await db.schema.dropTable('checklists').execute();
  await sql`update revisions set fields = fields - 'dueAt' - 'dueDone' where entity = 'task'`.execute(db);
  await db.schema.alterTable('tasks').dropColumn('due_done').dropColumn('due_at').execute();
}
