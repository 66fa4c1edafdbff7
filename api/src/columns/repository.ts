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
  row: {
    id: number;
    board_id: number;
    name: string;
    version: number;
    wip_limit: number | null;
    wip_strict: boolean;
  },
  taskIds: string[],
): Column {
  return {
    id: String(row.id),
    boardId: row.board_id,
    name: row.name,
    taskIds,
    version: row.version,
    wipLimit: row.wip_limit,
    wipStrict: row.wip_strict,
  };
}

export const COLUMN_COLUMNS = ['id', 'board_id', 'name', 'version', 'wip_limit', 'wip_strict'] as const;

/** Whether the column exists on this board. */
export async function columnExists(db: Db, boardId: number, columnId: number): Promise<boolean> {
  const row = await db
    .selectFrom('columns')
    .select('id')
    .where('id', '=', columnId)
    .where('board_id', '=', boardId)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** The column's name, on the board or in its archive; null when the board has no such column. */
export async function findColumnName(db: Db, boardId: number, columnId: number): Promise<string | null> {
  const row = await db
    .selectFrom('columns')
    .select('name')
    .where('id', '=', columnId)
    .where('board_id', '=', boardId)
    .executeTakeFirst();
  return row?.name ?? null;
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

/** The column with its tasks in order; null when the board has no such column on it (archived). */
export async function findColumn(db: Db, boardId: number, columnId: number): Promise<Column | null> {
  const row = await db
    .selectFrom('columns')
    .select(COLUMN_COLUMNS)
    .where('id', '=', columnId)
    .where('board_id', '=', boardId)
    .where('archived_at', 'is', null)
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
      position: sql<number>`(select coalesce(max(position) + 1, 0) from columns
        where board_id = ${boardId} and archived_at is null)`,
    })
    .returning(COLUMN_COLUMNS)
    .executeTakeFirstOrThrow();
  const column = toColumn(row, []);
  await recordColumn(db, column, userId);
  return column;
}

/** Renames `current` and sets its limit, one version on. */
export async function updateColumn(
  db: Db,
  current: Column,
  next: Pick<Column, 'name' | 'wipLimit' | 'wipStrict'>,
  userId: number,
): Promise<Column> {
  const row = await db
    .updateTable('columns')
    .set({
      name: next.name,
      wip_limit: next.wipLimit,
      wip_strict: next.wipStrict,
      version: current.version + 1,
    })
    .where('id', '=', Number(current.id))
    .returning(COLUMN_COLUMNS)
    .executeTakeFirstOrThrow();
  const column = toColumn(row, current.taskIds);
  await recordColumn(db, column, userId);
  return column;
}

/** The board's column ids in order (an archived column is off the board). */
export async function columnOrder(db: Db, boardId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('columns')
    .select('id')
    .where('board_id', '=', boardId)
    .where('archived_at', 'is', null)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Gives the board's columns positions in the order of `ids` (all of the columns on the board; an
 * archived column keeps its last position, to go back to).
 */
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

/** A column's task ids in order (its archived tasks are off the board). */
export async function columnTaskIds(db: Db, columnId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('tasks')
    .select('id')
    .where('column_id', '=', columnId)
    .where('archived_at', 'is', null)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The column's strict limit when it is full (its tasks on the board, archived ones not counted, are at
 * or over the limit), else null: a card more is refused. Read under the board's lock, so race-free.
 */
export async function fullStrictLimit(db: Db, boardId: number, columnId: number): Promise<number | null> {
  const row = await db
    .selectFrom('columns as c')
    .select([
      'c.wip_limit',
      sql<number>`(select count(*)::int from tasks t where t.column_id = c.id and t.archived_at is null)`.as(
        'count',
      ),
    ])
    .where('c.id', '=', columnId)
    .where('c.board_id', '=', boardId)
    .where('c.wip_strict', '=', true)
    .where('c.wip_limit', 'is not', null)
    .executeTakeFirst();
  return row && row.wip_limit !== null && row.count >= row.wip_limit ? row.wip_limit : null;
}

/** Takes the column, with its tasks, off the board into the archive; false when it is not on it. */
export async function archiveColumn(
  db: Db,
  boardId: number,
  columnId: number,
  userId: number,
): Promise<boolean> {
  const archived = await db
    .updateTable('columns')
    .set({ archived_at: sql<Date>`now()`, archived_by: userId })
    .where('id', '=', columnId)
    .where('board_id', '=', boardId)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  if (archived.numUpdatedRows === 0n) return false;
  await setColumnOrder(db, boardId, await columnOrder(db, boardId));
  return true;
}

/**
 * Puts an archived column back at its last place in the board's order (or the end), with its tasks
 * (those archived on their own stay archived); false when the board has no such archived column.
 */
export async function unarchiveColumn(db: Db, boardId: number, columnId: number): Promise<boolean> {
  const row = await db
    .updateTable('columns')
    .set({ archived_at: null, archived_by: null })
    .where('id', '=', columnId)
    .where('board_id', '=', boardId)
    .where('archived_at', 'is not', null)
    .returning('position')
    .executeTakeFirst();
  if (!row) return false;
  const order = (await columnOrder(db, boardId)).filter((id) => id !== columnId);
  order.splice(Math.min(row.position, order.length), 0, columnId);
  await setColumnOrder(db, boardId, order);
  return true;
}

/**
 * Every column of the board with its tasks on the board in order, as an export lists them: the
 * board's order, then the archived columns (oldest archived first).
 */
export async function allColumns(
  db: Db,
  boardId: number,
): Promise<
  {
    id: number;
    name: string;
    archived: boolean;
    wipLimit: number | null;
    wipStrict: boolean;
    taskIds: number[];
  }[]
> {
  const columns = await db
    .selectFrom('columns')
    .select(['id', 'name', 'archived_at', 'wip_limit', 'wip_strict'])
    .where('board_id', '=', boardId)
    .orderBy(sql`archived_at is not null`)
    .orderBy(sql`case when archived_at is null then position end`)
    .orderBy('archived_at')
    .orderBy('id')
    .execute();
  const tasks = await db
    .selectFrom('tasks')
    .select(['id', 'column_id'])
    .where('board_id', '=', boardId)
    .where('archived_at', 'is', null)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const byColumn = new Map(columns.map((column) => [column.id, [] as number[]]));
  for (const task of tasks) byColumn.get(task.column_id)?.push(task.id);
  return columns.map((column) => ({
    id: column.id,
    name: column.name,
    archived: column.archived_at !== null,
    wipLimit: column.wip_limit,
    wipStrict: column.wip_strict,
    taskIds: byColumn.get(column.id) ?? [],
  }));
}
