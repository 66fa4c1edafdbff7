/**
 * The queries of copies and moves that the import writer does not make: numbers reserved on a board,
 * a column's order with a card placed in it, labels matched by name, who is a member of the target,
 * and a card's rows carried to another board by a move.
 */
import type { Label } from 'contract/labels';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database.js';

type Db = Kysely<Database>;

/** Reserves `count` task numbers on the board; answers the first. */
export async function reserveNumbers(db: Db, boardId: number, count: number): Promise<number> {
  const { task_seq } = await db
    .updateTable('boards')
    .set({ task_seq: sql<number>`task_seq + ${count}` })
    .where('id', '=', boardId)
    .returning('task_seq')
    .executeTakeFirstOrThrow();
  return task_seq - count + 1;
}

/** Gives the tasks positions 0..n-1 in the order of `ids` (a column's tasks on the board, all of them). */
export async function setTaskOrder(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`
    update tasks set position = (v.ord - 1)::int
    from unnest(${[...ids]}::int[]) with ordinality as v(id, ord)
    where tasks.id = v.id and tasks.position <> v.ord - 1
  `.execute(db);
}

/** The order of a column's tasks (`current`, without `taskId`) with `taskId` at `position` (or last). */
export function orderWith(current: readonly number[], taskId: number, position?: number): number[] {
  const order = current.filter((id) => id !== taskId);
  order.splice(Math.min(position ?? order.length, order.length), 0, taskId);
  return order;
}

/** The users as a move reports them: `{ id, name }` (the e-mail when the name is empty). */
export async function peopleOf(db: Db, userIds: readonly number[]): Promise<{ id: number; name: string }[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('id', 'in', [...userIds])
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name || row.email }));
}

/** The target's labels by lower-cased title (the first of equal titles). */
export function labelsByTitle(labels: readonly Label[]): Map<string, Label> {
  const byTitle = new Map<string, Label>();
  for (const label of labels) {
    const key = label.title.toLocaleLowerCase('ru');
    if (!byTitle.has(key)) byTitle.set(key, label);
  }
  return byTitle;
}

/**
 * Carries a task's rows to another board: the task into `columnId` with its new number (position
 * last, the caller orders the column) one version on; its labels replaced by `labels`, assignees
 * outside `keepAssignees` and checklist items' assignees outside `members` dropped; its comments,
 * files, checklists, revisions and notifications follow it; assignments waiting for an invitation to
 * the old board are dropped. Answers the task's new version.
 */
export async function moveTaskRows(
  db: Db,
  move: {
    taskId: number;
    toBoardId: number;
    columnId: number;
    number: number;
    labels: readonly number[];
    keepAssignees: readonly number[];
    members: ReadonlySet<number>;
  },
): Promise<number> {
  const { taskId, toBoardId } = move;
  const { version } = await db
    .updateTable('tasks')
    .set({
      board_id: toBoardId,
      column_id: move.columnId,
      number: move.number,
      position: sql<number>`(select coalesce(max(position) + 1, 0) from tasks
        where column_id = ${move.columnId} and archived_at is null)`,
      version: sql<number>`version + 1`,
    })
    .where('id', '=', taskId)
    .returning('version')
    .executeTakeFirstOrThrow();
  await db.deleteFrom('task_labels').where('task_id', '=', taskId).execute();
  if (move.labels.length > 0)
    await db
      .insertInto('task_labels')
      .values(move.labels.map((label_id) => ({ task_id: taskId, label_id })))
      .execute();
  let dropAssignees = db.deleteFrom('task_assignees').where('task_id', '=', taskId);
  if (move.keepAssignees.length > 0)
    dropAssignees = dropAssignees.where('user_id', 'not in', [...move.keepAssignees]);
  await dropAssignees.execute();
  for (const table of ['comments', 'files', 'checklists', 'checklist_items', 'notifications'] as const)
    await db.updateTable(table).set({ board_id: toBoardId }).where('task_id', '=', taskId).execute();
  let dropItemAssignees = db
    .updateTable('checklist_items')
    .set({ assignee_id: null })
    .where('task_id', '=', taskId)
    .where('assignee_id', 'is not', null);
  if (move.members.size > 0)
    dropItemAssignees = dropItemAssignees.where('assignee_id', 'not in', [...move.members]);
  await dropItemAssignees.execute();
  await db.deleteFrom('pending_assignees').where('task_id', '=', taskId).execute();
  await db
    .updateTable('revisions')
    .set({ board_id: toBoardId })
    .where('entity', '=', 'task')
    .where('entity_id', '=', taskId)
    .execute();
  return version;
}
