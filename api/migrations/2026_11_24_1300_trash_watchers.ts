/**
 * Trash, undo, watching and mentions (docs/decisions.md "Trash and undo", "Watching and mentions").
 *
 * A deleted task, column, label or comment leaves its tables as today and is kept whole in `trash`
 * (its rows as a JSON snapshot, its files' storage keys beside them) for 30 days; a deleted board
 * stays in its tables marked `deleted_at`. Watchers: a task's creator, assignees and commenters watch
 * it (backfilled here for existing tasks); a row with `watching = false` is someone who stopped.
 * Notifications gain who acted and what happened, for mentions and watched tasks.
 */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: a migration is frozen in time, so it must not use today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('trash')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('board_id', 'integer', (col) => col.notNull().references('boards.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) =>
      col.notNull().check(sql`kind in ('task', 'column', 'label', 'comment')`),
    )
    .addColumn('item_id', 'integer', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('task_id', 'integer')
    .addColumn('column_id', 'integer')
    .addColumn('deleted_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('deleted_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('snapshot', 'jsonb', (col) => col.notNull())
    .addColumn('file_keys', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    .execute();
  await sql`create unique index trash_item_idx on trash (board_id, kind, item_id)`.execute(db);
  await sql`create index trash_deleted_at_idx on trash (deleted_at)`.execute(db);
  // The orphan sweep keeps objects the trash still names.
  await sql`create index trash_file_keys_idx on trash using gin (file_keys)`.execute(db);

  await db.schema
    .alterTable('boards')
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('deleted_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  await sql`create index boards_deleted_at_idx on boards (deleted_at) where deleted_at is not null`.execute(
    db,
  );

  await db.schema
    .createTable('task_watchers')
    .addColumn('task_id', 'integer', (col) => col.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('watching', 'boolean', (col) => col.notNull())
    .addPrimaryKeyConstraint('task_watchers_pkey', ['task_id', 'user_id'])
    .execute();
  await sql`
    insert into task_watchers (task_id, user_id, watching)
    select id, created_by, true from tasks
    union select task_id, user_id, true from task_assignees
    union select task_id, user_id, true from comments
    on conflict do nothing
  `.execute(db);

  await db.schema
    .alterTable('notifications')
    .addColumn('actor_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('data', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('emailed_at', 'timestamptz')
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('email_notifications', 'text', (col) =>
      col.notNull().defaultTo('instant').check(sql`email_notifications in ('instant', 'daily', 'off')`),
    )
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('email_notifications').execute();
  await db.schema
    .alterTable('notifications')
    .dropColumn('emailed_at')
    .dropColumn('data')
    .dropColumn('actor_id')
    .execute();
  await db.schema.dropTable('task_watchers').execute();
  await db.schema.alterTable('boards').dropColumn('deleted_by').dropColumn('deleted_at').execute();
  await db.schema.dropTable('trash').execute();
}
