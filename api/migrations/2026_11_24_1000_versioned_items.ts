/**
 * Versioned writes (docs/decisions.md "Versioned writes and board patches"): tasks, columns and
 * labels get a `version` that grows with each change of their fields, and `revisions` keeps each
 * version's fields, so a save made from an older version can be merged field by field. The board's
 * own settings are kept under the board's version. Existing items start at version 1 with their
 * current fields as that version's revision.
 */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: a migration is frozen in time, so it must not use today's table types
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['tasks', 'columns', 'labels']) {
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
      .execute();
  }

  await db.schema
    .createTable('revisions')
    .addColumn('board_id', 'integer', (col) => col.notNull().references('boards.id').onDelete('cascade'))
    .addColumn('entity', 'text', (col) =>
      col.notNull().check(sql`entity in ('task', 'column', 'label', 'board')`),
    )
    .addColumn('entity_id', 'integer', (col) => col.notNull())
    // The item's version; for 'board', the board's version when its settings changed.
    .addColumn('version', 'bigint', (col) => col.notNull())
    // The editable fields after the change, under the API's field names.
    .addColumn('fields', 'jsonb', (col) => col.notNull())
    .addColumn('changed_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('changed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('revisions_pkey', ['entity', 'entity_id', 'version'])
    .execute();
  await db.schema.createIndex('revisions_board_idx').on('revisions').column('board_id').execute();

  await sql`
    insert into revisions (board_id, entity, entity_id, version, fields)
    select t.board_id, 'task', t.id, 1, jsonb_build_object(
      'title', t.title, 'description', t.description, 'estimation', t.estimation,
      'priority', t.priority, 'columnId', t.column_id::text,
      'assignees', to_jsonb(array(select user_id from task_assignees where task_id = t.id order by user_id)),
      'labels', to_jsonb(array(select label_id from task_labels where task_id = t.id order by label_id)))
    from tasks t
  `.execute(db);
  await sql`
    insert into revisions (board_id, entity, entity_id, version, fields)
    select board_id, 'column', id, 1, jsonb_build_object('name', name) from columns
  `.execute(db);
  await sql`
    insert into revisions (board_id, entity, entity_id, version, fields)
    select board_id, 'label', id, 1,
      jsonb_build_object('title', title, 'color', color, 'isMainColor', is_main_color)
    from labels
  `.execute(db);
  await sql`
    insert into revisions (board_id, entity, entity_id, version, fields)
    select id, 'board', id, version, jsonb_build_object('name', name, 'color', color,
      'showIdsMode', show_ids_mode, 'showTotalColumnEstimation', show_total_column_estimation)
    from boards
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('revisions').execute();
  for (const table of ['tasks', 'columns', 'labels']) {
    await db.schema.alterTable(table).dropColumn('version').execute();
  }
}
