/**
 * Bringing a trashed item back (board-change/trash-entries.ts has the design of the trash): its rows
 * re-inserted with their ids, what no longer exists (a member gone, a label deleted, an account
 * removed) left out.
 */
import { type Kysely, sql } from 'kysely';
import type {
  ColumnSnapshot,
  CommentSnapshot,
  LabelSnapshot,
  TaskSnapshot,
} from '../board-change/trash-entries.js';
import { columnExists, requireRoom } from '../columns/index.js';
import type { Database } from '../database.js';
import { recordTaskEdits } from '../tasks/index.js';

type Db = Kysely<Database>;
type Row = Record<string, unknown>;

/** Inserts snapshot rows into `table` with their ids; `keep` filters them (alias r). */
async function insertRows(db: Db, table: keyof Database, rows: Row[], keep = sql`true`): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    insert into ${sql.table(table)} overriding system value
    select r.* from jsonb_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)}::jsonb) r
    where ${keep}
  `.execute(db);
}

const userExists = (column: string) =>
  sql`exists (select 1 from users u where u.id = ${sql.ref(`r.${column}`)})`;

/**
 * Re-inserts task snapshots with all their rows (their tasks rows must already be in place). Answers
 * the ids of tasks that lost an assignee or label on the way (no longer a member, label gone).
 */
async function insertTaskRows(db: Db, boardId: number, snapshots: TaskSnapshot[]): Promise<number[]> {
  const all = <K extends keyof TaskSnapshot>(key: K) => snapshots.flatMap((s) => s[key] as Row[]);
  const member = sql`exists (select 1 from board_members m where m.board_id = ${boardId}
    and m.user_id = r.user_id and m.accepted and not m.is_deleted)`;
  const label = sql`exists (select 1 from labels l where l.id = r.label_id and l.board_id = ${boardId})`;
  await insertRows(db, 'task_assignees', all('assignees'), member);
  await insertRows(db, 'task_labels', all('labels'), label);
  await insertRows(db, 'comments', all('comments'), userExists('user_id'));
  await insertRows(db, 'files', all('files'), userExists('created_by'));
  // A cover whose file did not come back (its uploader's account is gone) is no cover.
  const taskIds = snapshots.map((snapshot) => Number(snapshot.task.id));
  await db
    .updateTable('tasks as t')
    .set({ cover_file_id: null })
    .where('t.id', 'in', taskIds)
    .where('t.cover_file_id', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('files as f').select('f.id').whereRef('f.id', '=', 't.cover_file_id'))),
    )
    .execute();
  await insertRows(db, 'checklists', all('checklists'));
  // An item's assignee whose account is gone is unassigned, as the foreign key would have done.
  const items = all('checklistItems').map((item) => ({ ...item }));
  if (items.length > 0) {
    const ids = items.map((item) => item.assignee_id).filter((id): id is number => typeof id === 'number');
    const existing = new Set(
      ids.length === 0
        ? []
        : (await db.selectFrom('users').select('id').where('id', 'in', ids).execute()).map((u) => u.id),
    );
    for (const item of items) if (!existing.has(item.assignee_id as number)) item.assignee_id = null;
  }
  await insertRows(db, 'checklist_items', items);
  await insertRows(db, 'task_watchers', all('watchers'), userExists('user_id'));
  const { rows } = await sql<{ id: number; n: number }>`
    select t.id, (select count(*) from task_assignees a where a.task_id = t.id)
      + (select count(*) from task_labels l where l.task_id = t.id) as n
    from tasks t where t.id = any(${snapshots.map((s) => s.task.id)}::int[])
  `.execute(db);
  const restored = new Map(rows.map((row) => [row.id, Number(row.n)]));
  return snapshots
    .filter((s) => restored.get(s.task.id) !== s.assignees.length + s.labels.length)
    .map((s) => s.task.id);
}

export type RestoreResult<T> = { ok: T } | { missing: string };

/**
 * Puts a task back into its column at its old position (clamped; the tasks from there on shift down).
 * `missing` (nothing changed) names the column when it is not on the board.
 */
export async function restoreTask(
  db: Db,
  boardId: number,
  snapshot: TaskSnapshot,
  userId: number,
): Promise<RestoreResult<{ taskId: number; columnId: number }>> {
  const { task } = snapshot;
  const columnId = task.column_id;
  if (!(await columnExists(db, boardId, columnId))) return { missing: snapshot.columnName };
  await requireRoom(db, boardId, columnId);
  const { count } = await db
    .selectFrom('tasks')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('column_id', '=', columnId)
    .executeTakeFirstOrThrow();
  const position = Math.min(task.position, Number(count));
  await db
    .updateTable('tasks')
    .set({ position: sql<number>`position + 1` })
    .where('column_id', '=', columnId)
    .where('position', '>=', position)
    .execute();
  await insertRows(db, 'tasks', [{ ...task, position }]);
  const changed = await insertTaskRows(db, boardId, [snapshot]);
  await recordTaskEdits(db, boardId, changed, userId);
  return { ok: { taskId: task.id, columnId } };
}

/** Puts a column back at its old place in the board's order, with its tasks in their order. */
export async function restoreColumn(
  db: Db,
  boardId: number,
  snapshot: ColumnSnapshot,
  userId: number,
): Promise<{ columnId: number; taskIds: number[] }> {
  const { column } = snapshot;
  const { count } = await db
    .selectFrom('columns')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('board_id', '=', boardId)
    .executeTakeFirstOrThrow();
  const position = Math.min(column.position, Number(count));
  await db
    .updateTable('columns')
    .set({ position: sql<number>`position + 1` })
    .where('board_id', '=', boardId)
    .where('position', '>=', position)
    .execute();
  await insertRows(db, 'columns', [{ ...column, position }]);
  const tasks = snapshot.tasks.map((s) => s.task);
  await insertRows(db, 'tasks', tasks);
  const changed = await insertTaskRows(db, boardId, snapshot.tasks);
  await recordTaskEdits(db, boardId, changed, userId);
  return { columnId: column.id, taskIds: tasks.map((task) => task.id) };
}

/**
 * Puts a label back and re-attaches it to those of its tasks still on the board; each of them gets a
 * new version and revision, as an edit of its labels would. Answers those tasks' ids.
 */
export async function restoreLabel(
  db: Db,
  boardId: number,
  snapshot: LabelSnapshot,
  userId: number,
): Promise<number[]> {
  await insertRows(db, 'labels', [snapshot.label]);
  if (snapshot.taskIds.length === 0) return [];
  const rows = await db
    .insertInto('task_labels')
    .columns(['task_id', 'label_id'])
    .expression((eb) =>
      eb
        .selectFrom('tasks')
        .select((s) => ['id', s.val(snapshot.label.id).as('label_id')])
        .where('board_id', '=', boardId)
        .where('id', 'in', snapshot.taskIds),
    )
    .returning('task_id')
    .execute();
  const taskIds = rows.map((row) => row.task_id);
  await recordTaskEdits(db, boardId, taskIds, userId);
  return taskIds;
}

/** Puts a comment back on its task; `missing` (nothing changed) names the task when it is not on the board. */
export async function restoreComment(
  db: Db,
  boardId: number,
  snapshot: CommentSnapshot,
): Promise<RestoreResult<{ taskId: number }>> {
  const taskId = snapshot.comment.task_id;
  const task = await db
    .selectFrom('tasks')
    .select('id')
    .where('id', '=', taskId)
    .where('board_id', '=', boardId)
    .executeTakeFirst();
  if (!task) return { missing: snapshot.taskTitle };
  await insertRows(db, 'comments', [snapshot.comment], userExists('user_id'));
  return { ok: { taskId } };
}
