/**
 * The board's trash entries: every query on the `trash` table, and the snapshots that let a delete be
 * taken back (docs/decisions.md "Trash and undo"). The domains put their deleted items here; the trash
 * screen's routes and the restore (src/trash/) read them back, so this folder imports no domain.
 *
 * A delete keeps SPEC.md's call, answer and realtime update, and the item leaves its tables as
 * before; inside the same `changeBoard` transaction, before the rows go, all of them are written to
 * `trash` as one JSON snapshot (each row as `to_jsonb(row)`, so every column, timestamps to the
 * microsecond, comes back as it was):
 * - a task: its tasks row (number, position, column, version, due fields, created_by/at), its
 *   task_assignees, task_labels, comments, files, checklists, checklist_items and task_watchers rows,
 *   and its column's name for the list; its files' storage keys also go into `file_keys`;
 * - a column: its row, its position, and each of its tasks as a task snapshot (same shape);
 * - a label: its row and the ids of the tasks that had it;
 * - a comment: its row and its task's title.
 * Deleting something with the same id again replaces the older entry (unique board_id, kind, item_id).
 * File objects stay in storage while their entry is in the trash: emptying it (or the nightly purge)
 * removes them after the commit, and the orphan sweep keeps every key a trash row names.
 *
 * Restore (src/trash/restore.ts) re-inserts the rows with their original ids (`overriding system value`) by
 * `jsonb_populate_recordset` over the snapshot, dropping what can no longer be: assignees that are
 * not members any more, labels that are gone, rows of users whose account is gone. A task goes back
 * into its column at its old position (clamped to the column's length, the others shift down); a
 * column at its old place in the column order, with its tasks. A restored task keeps its version
 * (its revisions never left), unless an assignee or label had to be dropped: then, as for a label
 * re-attached to its tasks, the version grows and the revision is recorded like an edit's.
 * Snapshots name a table's columns as they were at the delete; a column added later comes back null,
 * so a migration adding a not-null column must also rewrite the snapshots.
 */

import { TRASH_DAYS, type TrashItem, type TrashKind } from 'contract/trash';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database.js';
import { notFound } from '../errors.js';

type Db = Kysely<Database>;
type Row = Record<string, unknown>;

/** A task with everything that hangs off it, as rows. */
export interface TaskSnapshot {
  task: Row & { id: number; column_id: number; position: number; title: string };
  columnName: string;
  assignees: Row[];
  labels: Row[];
  comments: Row[];
  files: Row[];
  checklists: Row[];
  checklistItems: Row[];
  watchers: Row[];
}

export interface ColumnSnapshot {
  column: Row & { id: number; name: string; position: number };
  tasks: TaskSnapshot[];
}

export interface LabelSnapshot {
  label: Row & { id: number; title: string };
  taskIds: number[];
}

export interface CommentSnapshot {
  comment: Row & { id: number; task_id: number; text: string };
  taskTitle: string;
}

const rowsOf = (table: string, where: ReturnType<typeof sql>) =>
  sql`coalesce((select jsonb_agg(to_jsonb(r)) from ${sql.table(table)} r where ${where}), '[]'::jsonb)`;

/** Snapshots of the tasks (of the board) that `where` selects, in column then position order. */
async function taskSnapshots(
  db: Db,
  boardId: number,
  where: { taskId: number } | { columnId: number },
): Promise<{ snapshot: TaskSnapshot; fileKeys: string[] }[]> {
  const filter = 'taskId' in where ? sql`t.id = ${where.taskId}` : sql`t.column_id = ${where.columnId}`;
  const { rows } = await sql<{ snapshot: TaskSnapshot; file_keys: string[] }>`
    select jsonb_build_object(
        'task', to_jsonb(t),
        'columnName', (select name from columns c where c.id = t.column_id),
        'assignees', ${rowsOf('task_assignees', sql`r.task_id = t.id`)},
        'labels', ${rowsOf('task_labels', sql`r.task_id = t.id`)},
        'comments', ${rowsOf('comments', sql`r.task_id = t.id`)},
        'files', ${rowsOf('files', sql`r.task_id = t.id`)},
        'checklists', ${rowsOf('checklists', sql`r.task_id = t.id`)},
        'checklistItems', ${rowsOf('checklist_items', sql`r.task_id = t.id`)},
        'watchers', ${rowsOf('task_watchers', sql`r.task_id = t.id`)}
      ) as snapshot,
      array(select storage_key from files f where f.task_id = t.id order by f.id) as file_keys
    from tasks t
    where t.board_id = ${boardId} and ${filter}
    order by t.column_id, t.position, t.id
  `.execute(db);
  return rows.map((row) => ({ snapshot: row.snapshot, fileKeys: row.file_keys }));
}

interface Entry {
  boardId: number;
  kind: TrashKind;
  itemId: number;
  title: string;
  taskId?: number;
  columnId?: number;
  deletedBy: number;
  snapshot: object;
  fileKeys?: string[];
}

/** Writes the entry, replacing an older one of the same item. */
async function putEntry(db: Db, entry: Entry): Promise<void> {
  const values = {
    title: entry.title,
    task_id: entry.taskId ?? null,
    column_id: entry.columnId ?? null,
    deleted_by: entry.deletedBy,
    deleted_at: sql<Date>`now()`,
    snapshot: JSON.stringify(entry.snapshot),
    file_keys: entry.fileKeys ?? [],
  };
  await db
    .insertInto('trash')
    .values({ board_id: entry.boardId, kind: entry.kind, item_id: entry.itemId, ...values })
    .onConflict((oc) => oc.columns(['board_id', 'kind', 'item_id']).doUpdateSet(values))
    .execute();
}

/** Puts the board's task in the trash (before it is deleted); false when there is no such task. */
async function trashTask(db: Db, boardId: number, taskId: number, userId: number): Promise<boolean> {
  const [found] = await taskSnapshots(db, boardId, { taskId });
  if (!found) return false;
  const { snapshot, fileKeys } = found;
  await putEntry(db, {
    boardId,
    kind: 'task',
    itemId: taskId,
    title: snapshot.task.title,
    columnId: snapshot.task.column_id,
    deletedBy: userId,
    snapshot,
    fileKeys,
  });
  return true;
}

/** Puts the board's column with its tasks in the trash; false when there is no such column. */
async function trashColumn(db: Db, boardId: number, columnId: number, userId: number): Promise<boolean> {
  const { rows } = await sql<{ row: ColumnSnapshot['column'] }>`
    select to_jsonb(c) as row from columns c where c.id = ${columnId} and c.board_id = ${boardId}
  `.execute(db);
  const column = rows[0]?.row;
  if (!column) return false;
  const tasks = await taskSnapshots(db, boardId, { columnId });
  const snapshot: ColumnSnapshot = { column, tasks: tasks.map((task) => task.snapshot) };
  await putEntry(db, {
    boardId,
    kind: 'column',
    itemId: columnId,
    title: column.name,
    columnId,
    deletedBy: userId,
    snapshot,
    fileKeys: tasks.flatMap((task) => task.fileKeys),
  });
  return true;
}

/** Puts the board's label in the trash with the tasks that have it; false when there is no such label. */
async function trashLabel(db: Db, boardId: number, labelId: number, userId: number): Promise<boolean> {
  const { rows } = await sql<{ row: LabelSnapshot['label']; task_ids: number[] }>`
    select to_jsonb(l) as row,
      array(select task_id from task_labels where label_id = l.id order by task_id) as task_ids
    from labels l where l.id = ${labelId} and l.board_id = ${boardId}
  `.execute(db);
  const found = rows[0];
  if (!found) return false;
  const snapshot: LabelSnapshot = { label: found.row, taskIds: found.task_ids };
  await putEntry(db, {
    boardId,
    kind: 'label',
    itemId: labelId,
    title: found.row.title,
    deletedBy: userId,
    snapshot,
  });
  return true;
}

/** Puts the board's comment in the trash; false when there is no such comment. */
async function trashComment(db: Db, boardId: number, commentId: number, userId: number): Promise<boolean> {
  const { rows } = await sql<{ row: CommentSnapshot['comment']; task_title: string }>`
    select to_jsonb(c) as row, t.title as task_title
    from comments c join tasks t on t.id = c.task_id
    where c.id = ${commentId} and c.board_id = ${boardId}
  `.execute(db);
  const found = rows[0];
  if (!found) return false;
  const snapshot: CommentSnapshot = { comment: found.row, taskTitle: found.task_title };
  await putEntry(db, {
    boardId,
    kind: 'comment',
    itemId: commentId,
    title: found.row.text,
    taskId: found.row.task_id,
    deletedBy: userId,
    snapshot,
  });
  return true;
}

const SNAPSHOTS: Record<
  TrashKind,
  (db: Db, boardId: number, id: number, userId: number) => Promise<boolean>
> = {
  task: trashTask,
  column: trashColumn,
  label: trashLabel,
  comment: trashComment,
};

/** What a delete route takes back: the board's item of a kind, and who deletes it. */
export interface Trashed {
  boardId: number;
  userId: number;
  kind: TrashKind;
  id: number;
}

/**
 * A delete that can be taken back, in the caller's transaction: the item goes into the board's trash,
 * then `remove` deletes it from its tables and answers what the route needs; 404 when there is no such
 * item or `remove` finds nothing (answers null or false).
 */
export async function trashThenDelete<T>(
  db: Db,
  item: Trashed,
  remove: () => Promise<T>,
): Promise<Exclude<T, null | false>> {
  if (!(await SNAPSHOTS[item.kind](db, item.boardId, item.id, item.userId))) throw notFound();
  const removed = await remove();
  if (removed === null || removed === false) throw notFound();
  return removed as Exclude<T, null | false>;
}

/** The board's trash in the API's shape, newest first. */
export async function listTrash(db: Db, boardId: number): Promise<TrashItem[]> {
  const rows = await db
    .selectFrom('trash')
    .leftJoin('users', 'users.id', 'trash.deleted_by')
    .select([
      'trash.kind',
      'trash.item_id',
      'trash.title',
      'trash.task_id',
      'trash.column_id',
      'trash.deleted_by',
      'trash.deleted_at',
      'users.name as user_name',
      sql<string | null>`trash.snapshot->>'taskTitle'`.as('task_title'),
      sql<string | null>`trash.snapshot->>'columnName'`.as('column_name'),
      sql<number | null>`jsonb_array_length(trash.snapshot->'tasks')`.as('tasks_count'),
    ])
    .where('trash.board_id', '=', boardId)
    .orderBy('trash.deleted_at', 'desc')
    .orderBy('trash.id', 'desc')
    .execute();
  return rows.map((row) => {
    const item: TrashItem = {
      kind: row.kind,
      id: String(row.item_id),
      title: row.title,
      deletedAt: row.deleted_at.toISOString(),
      deletedBy: row.deleted_by === null ? null : { id: row.deleted_by, name: row.user_name ?? '' },
      purgeAt: new Date(row.deleted_at.getTime() + TRASH_DAYS * 24 * 60 * 60 * 1000).toISOString(),
    };
    if (row.kind === 'comment' && row.task_id !== null) {
      item.task = { id: String(row.task_id), title: row.task_title ?? '' };
    }
    if (row.kind === 'task' && row.column_id !== null) {
      item.column = { id: String(row.column_id), name: row.column_name ?? '' };
    }
    if (row.kind === 'column') item.tasksCount = row.tasks_count ?? 0;
    return item;
  });
}

/** The entry's snapshot, removed from the trash (the caller restores it in the same transaction). */
export async function takeEntry(
  db: Db,
  boardId: number,
  kind: TrashKind,
  itemId: number,
): Promise<Row | null> {
  const row = await db
    .deleteFrom('trash')
    .where('board_id', '=', boardId)
    .where('kind', '=', kind)
    .where('item_id', '=', itemId)
    .returning('snapshot')
    .executeTakeFirst();
  return row?.snapshot ?? null;
}

/** Empties the board's trash: how many entries went and the file objects to remove after the commit. */
export async function emptyTrash(db: Db, boardId: number): Promise<{ count: number; fileKeys: string[] }> {
  const rows = await db.deleteFrom('trash').where('board_id', '=', boardId).returning('file_keys').execute();
  const keys = [...new Set(rows.flatMap((row) => row.file_keys))];
  if (keys.length === 0) return { count: rows.length, fileKeys: [] };
  // A key a live file row still names stays (none should: a restore takes its entry out).
  const live = await db.selectFrom('files').select('storage_key').where('storage_key', 'in', keys).execute();
  const named = new Set(live.map((row) => row.storage_key));
  return { count: rows.length, fileKeys: keys.filter((key) => !named.has(key)) };
}
