/**
 * Checklists: every query on checklists and their items.
 *
 * Positions: a task's lists, and a list's items, have positions 0..n-1, kept dense as tasks keep
 * theirs in a column (tasks/repository.ts): every change runs under the board lock, reads the current
 * order and rewrites only the positions that differ.
 */

import { type Kysely, sql } from 'kysely';
import type { Database } from '../database.js';

type Db = Kysely<Database>;

/** An ordered set of rows: a task's lists, or a list's items. */
type Siblings =
  | { table: 'checklists'; scope: 'task_id' }
  | { table: 'checklist_items'; scope: 'checklist_id' };

const LISTS: Siblings = { table: 'checklists', scope: 'task_id' };
const ITEMS: Siblings = { table: 'checklist_items', scope: 'checklist_id' };

const endOf = ({ table, scope }: Siblings, scopeId: number) =>
  sql<number>`(select coalesce(max(position) + 1, 0) from ${sql.table(table)} where ${sql.ref(scope)} = ${scopeId})`;

/** Writes positions 0..n-1 in `order` (ids of the same siblings), touching only rows that move. */
async function writeOrder(db: Db, { table }: Siblings, order: number[]): Promise<void> {
  await sql`
    update ${sql.table(table)} as r set position = (v.ord - 1)::int
    from unnest(${order}::int[]) with ordinality as v(id, ord)
    where r.id = v.id and r.position <> v.ord - 1
  `.execute(db);
}

/** The siblings' ids in order. */
async function orderOf(db: Db, { table, scope }: Siblings, scopeId: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select id from ${sql.table(table)} where ${sql.ref(scope)} = ${scopeId} order by position, id
  `.execute(db);
  return rows.map((row) => row.id);
}

/** Puts `id` at `position` among its siblings (past the end: last). */
async function moveTo(db: Db, siblings: Siblings, scopeId: number, id: number, position: number) {
  const order = (await orderOf(db, siblings, scopeId)).filter((other) => other !== id);
  order.splice(Math.min(position, order.length), 0, id);
  await writeOrder(db, siblings, order);
}

/** Renumbers the siblings 0..n-1 in their current order (after one left). */
async function compact(db: Db, siblings: Siblings, scopeId: number): Promise<void> {
  await writeOrder(db, siblings, await orderOf(db, siblings, scopeId));
}

export interface ChecklistRef {
  id: number;
  taskId: number;
  title: string;
}

export interface ItemRef {
  id: number;
  taskId: number;
  checklistId: number;
  text: string;
  done: boolean;
  assigneeId: number | null;
  checklistTitle: string;
}

/** The board's checklist, or null (unknown, or on another board). */
export async function findChecklist(
  db: Db,
  boardId: number,
  checklistId: number,
): Promise<ChecklistRef | null> {
  const row = await db
    .selectFrom('checklists')
    .select(['id', 'task_id', 'title'])
    .where('id', '=', checklistId)
    .where('board_id', '=', boardId)
    .executeTakeFirst();
  return row ? { id: row.id, taskId: row.task_id, title: row.title } : null;
}

/** The board's checklist item, or null (unknown, or on another board). */
export async function findItem(db: Db, boardId: number, itemId: number): Promise<ItemRef | null> {
  const row = await db
    .selectFrom('checklist_items as i')
    .innerJoin('checklists as c', 'c.id', 'i.checklist_id')
    .select(['i.id', 'i.task_id', 'i.checklist_id', 'i.text', 'i.done', 'i.assignee_id', 'c.title'])
    .where('i.id', '=', itemId)
    .where('i.board_id', '=', boardId)
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        taskId: row.task_id,
        checklistId: row.checklist_id,
        text: row.text,
        done: row.done,
        assigneeId: row.assignee_id,
        checklistTitle: row.title,
      }
    : null;
}

/** Appends a list to the task's lists. */
export async function createChecklist(db: Db, boardId: number, taskId: number, title: string): Promise<void> {
  await db
    .insertInto('checklists')
    .values({ board_id: boardId, task_id: taskId, title, position: endOf(LISTS, taskId) })
    .execute();
}

/** Renames a list and/or moves it among its task's lists. */
export async function updateChecklist(
  db: Db,
  list: ChecklistRef,
  change: { title?: string; position?: number },
): Promise<void> {
  if (change.title !== undefined) {
    await db.updateTable('checklists').set({ title: change.title }).where('id', '=', list.id).execute();
  }
  if (change.position !== undefined) await moveTo(db, LISTS, list.taskId, list.id, change.position);
}

/** Deletes a list with its items. */
export async function deleteChecklist(db: Db, list: ChecklistRef): Promise<void> {
  await db.deleteFrom('checklists').where('id', '=', list.id).execute();
  await compact(db, LISTS, list.taskId);
}

/** Appends an item (not done, for no one) to a list. */
export async function createItem(db: Db, boardId: number, list: ChecklistRef, text: string): Promise<void> {
  await db
    .insertInto('checklist_items')
    .values({
      board_id: boardId,
      task_id: list.taskId,
      checklist_id: list.id,
      text,
      position: endOf(ITEMS, list.id),
    })
    .execute();
}

/** Sets an item's fields and/or moves it within its list. */
export async function updateItem(
  db: Db,
  item: ItemRef,
  change: { text?: string; done?: boolean; assigneeId?: number | null; position?: number },
): Promise<void> {
  const fields = {
    ...(change.text !== undefined && { text: change.text }),
    ...(change.done !== undefined && { done: change.done }),
    ...(change.assigneeId !== undefined && { assignee_id: change.assigneeId }),
  };
  if (Object.keys(fields).length > 0) {
    await db.updateTable('checklist_items').set(fields).where('id', '=', item.id).execute();
  }
  if (change.position !== undefined) await moveTo(db, ITEMS, item.checklistId, item.id, change.position);
}

export async function deleteItem(db: Db, item: ItemRef): Promise<void> {
  await db.deleteFrom('checklist_items').where('id', '=', item.id).execute();
  await compact(db, ITEMS, item.checklistId);
}
