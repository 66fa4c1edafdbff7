/**
 * Columns: every query on the columns table. A board's columns have positions 0..n-1; every change
 * runs under the board lock (boards/access.ts), so positions are rewritten without races.
 */

import type { Column } from 'contract/columns';
import { type Kysely, sql } from 'kysely';
import { recordRevision } from '../board-change/revisions.js';
import type { Database } from '../database.js';

type Db = Kysely<Database>;

/** The one place a columns row becomes the API's column. */
export function toColumn(
  row: { id: number; board_id: number; name: string; version: number },
  taskIds: string[],
): Column {
  return { id: String(row.id), boardId: row.board_id, name: row.name, taskIds, version: row.version };
}

export const COLUMN_COLUMNS = ['id', 'board_id', 'name', 'version'] as const;

/** Whether the column exists on this board. */
export async function columnExists(db: Db, boardId: number, columnId: number): Promise<boolean> {
  const row = await db
    .selectFrom('columns')
    .select('id')
    .where('id', '=', columnId)
    .where('board_id', '=', boardId)
    .executeTakeFirst();
  return row !== undefined;
}

function recordColumn(db: Db, column: Column, userId: number) {
  return recordRevision(db, {
    boardId: column.boardId,
    entity: 'column',
    entityId: Number(column.id),
    version: column.version,
    fields: { name: column.name },
    userId,
  });
}

/** The column with its tasks in order; null when the board has no such column. */
export async function findColumn(db: Db, boardId: number, columnId: number): Promise<Column | null> {
  const row = await db
    .selectFrom('columns')
    .select(COLUMN_COLUMNS)
    .where('id', '=', columnId)
    .where('board_id', '=', boardId)
    .executeTakeFirst();
  return row ? toColumn(row, (await columnTaskIds(db, columnId)).map(String)) : null;
}

/** Appends a column to the board's order. */
export async function createColumn(db: Db, boardId: number, name: string, userId: number): Promise<Column> {
  const row = await db
    .insertInto('columns')
    .values({
      board_id: boardId,
      name,
      position: sql<number>`(select coalesce(max(position) + 1, 0) from columns where board_id = ${boardId})`,
    })
    .returning(COLUMN_COLUMNS)
    .executeTakeFirstOrThrow();
  const column = toColumn(row, []);
  await recordColumn(db, column, userId);
  return column;
}

/** Renames `current`, one version on. */
export async function renameColumn(db: Db, current: Column, name: string, userId: number): Promise<Column> {
  const row = await db
    .updateTable('columns')
    .set({ name, version: current.version + 1 })
    .where('id', '=', Number(current.id))
    .returning(COLUMN_COLUMNS)
    .executeTakeFirstOrThrow();
  const column = toColumn(row, current.taskIds);
  await recordColumn(db, column, userId);
  return column;
}

/** The board's column ids in order. */
export async function columnOrder(db: Db, boardId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('columns')
    .select('id')
    .where('board_id', '=', boardId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Gives the board's columns positions in the order of `ids` (all of the board's columns). */
export async function setColumnOrder(db: Db, boardId: number, ids: number[]): Promise<void> {
  await sql`
    update columns set position = v.ord - 1
    from unnest(${ids}::int[]) with ordinality as v(id, ord)
    where columns.id = v.id and columns.board_id = ${boardId} and columns.position <> v.ord - 1
  `.execute(db);
}

/**
 * Deletes a column with its tasks (their assignees, labels, comments and files go by cascade) and
 * closes the gap in the board's column positions; false when the board has no such column.
 */
export async function deleteColumn(db: Db, boardId: number, columnId: number): Promise<boolean> {
  const deleted = await db
    .deleteFrom('columns')
    .where('id', '=', columnId)
    .where('board_id', '=', boardId)
    .executeTakeFirst();
  if (deleted.numDeletedRows === 0n) return false;
  await setColumnOrder(db, boardId, await columnOrder(db, boardId));
  return true;
}

/** A column's task ids in order. */
export async function columnTaskIds(db: Db, columnId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('tasks')
    .select('id')
    .where('column_id', '=', columnId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}
