/**
 * Every table a board owns. Each board-owned row references its board with ON DELETE CASCADE (and
 * its task, where it has one), so deleting a board row removes everything on it in one statement.
 * Indexes are chosen for boards of a few thousand tasks read whole (by board) and for one user's
 * board list and invitations (by user).
 */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: a migration is frozen in time, so it must not use today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('boards')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('color', 'text', (col) => col.notNull().defaultTo('#f4f5f7'))
    .addColumn('show_ids_mode', 'text', (col) =>
      col
        .notNull()
        .defaultTo('empty')
        .check(sql`show_ids_mode in ('empty', 'circle', 'square', 'dot', 'space')`),
    )
    .addColumn('show_total_column_estimation', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_by', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // Bumped (and so row-locked) first by every change to the board: changes serialise, clients compare.
    .addColumn('version', 'bigint', (col) => col.notNull().defaultTo(0))
    // The last task number handed out on this board.
    .addColumn('task_seq', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  // One row per user who is, was, or is invited to be on the board. Pending: accepted = false;
  // removed or left: is_deleted = true (kept so old assignments still show a name).
  await db.schema
    .createTable('board_members')
    // The invitation id clients accept by; stable across the row's life.
    .addColumn('id', 'integer', (col) => col.notNull().unique().generatedAlwaysAsIdentity())
    .addColumn('board_id', 'integer', (col) => col.notNull().references('boards.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('accepted', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('is_deleted', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('invited_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('accepted_at', 'timestamptz')
    .addPrimaryKeyConstraint('board_members_pkey', ['board_id', 'user_id'])
    .execute();
  // A user's board list and invitations: (user_id, board_id) with the flags, so both are index-only.
  await sql`create index board_members_user_idx on board_members (user_id, board_id) include (accepted, is_deleted)`.execute(
    db,
  );

  // Invitations of addresses that have no account yet; registering with the address turns each into a
  // pending board_members row (and deletes it).
  await db.schema
    .createTable('invitations')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('board_id', 'integer', (col) => col.notNull().references('boards.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('invited_by', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('invited_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('invitations_email_lower_case', sql`email = lower(email)`)
    .addUniqueConstraint('invitations_board_email_key', ['board_id', 'email'])
    .execute();
  await db.schema.createIndex('invitations_email_idx').on('invitations').column('email').execute();

  await db.schema
    .createTable('columns')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('board_id', 'integer', (col) => col.notNull().references('boards.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('columns_board_idx').on('columns').columns(['board_id', 'position']).execute();

  await db.schema
    .createTable('labels')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('board_id', 'integer', (col) => col.notNull().references('boards.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('color', 'text', (col) => col.notNull().defaultTo('#123456'))
    .addColumn('is_main_color', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('labels_board_idx').on('labels').column('board_id').execute();

  await db.schema
    .createTable('tasks')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('board_id', 'integer', (col) => col.notNull().references('boards.id').onDelete('cascade'))
    .addColumn('column_id', 'integer', (col) => col.notNull().references('columns.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    // Per-board sequence shown as the card id (boards.task_seq hands them out).
    .addColumn('number', 'integer', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('estimation', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('priority', 'text', (col) => col.check(sql`priority in ('low', 'medium', 'high', 'critical')`))
    .addColumn('created_by', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('tasks_board_number_key', ['board_id', 'number'])
    .execute();
  await db.schema.createIndex('tasks_board_idx').on('tasks').column('board_id').execute();
  await db.schema
    .createIndex('tasks_column_position_idx')
    .on('tasks')
    .columns(['column_id', 'position'])
    .execute();

  await db.schema
    .createTable('task_assignees')
    .addColumn('task_id', 'integer', (col) => col.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('task_assignees_pkey', ['task_id', 'user_id'])
    .execute();
  await db.schema.createIndex('task_assignees_user_idx').on('task_assignees').column('user_id').execute();

  await db.schema
    .createTable('task_labels')
    .addColumn('task_id', 'integer', (col) => col.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('label_id', 'integer', (col) => col.notNull().references('labels.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('task_labels_pkey', ['task_id', 'label_id'])
    .execute();
  await db.schema.createIndex('task_labels_label_idx').on('task_labels').column('label_id').execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('board_id', 'integer', (col) => col.notNull().references('boards.id').onDelete('cascade'))
    .addColumn('task_id', 'integer', (col) => col.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // Counts per task for a whole board, and one task's comments oldest first.
  await db.schema
    .createIndex('comments_board_task_idx')
    .on('comments')
    .columns(['board_id', 'task_id'])
    .execute();
  await db.schema
    .createIndex('comments_task_idx')
    .on('comments')
    .columns(['task_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('files')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('board_id', 'integer', (col) => col.notNull().references('boards.id').onDelete('cascade'))
    .addColumn('task_id', 'integer', (col) => col.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('storage_key', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('created_by', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('files_board_task_idx').on('files').columns(['board_id', 'task_id']).execute();
  await db.schema.createIndex('files_task_idx').on('files').column('task_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: as above
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'files',
    'comments',
    'task_labels',
    'task_assignees',
    'tasks',
    'labels',
    'columns',
    'invitations',
    'board_members',
    'boards',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
