/**
 * The committed change of a board as a patch (contract/src/realtime.ts `BoardPatch`): a route's change
 * records which tasks, columns and labels it touched or removed, and whether the members, the column
 * order or the board's settings changed; once its work is done, still in the same transaction, the
 * touched items are read back in their contract shapes, so the patch is exactly what a fresh GET would
 * show of them at the new version.
 */

import type { BoardPatch } from 'contract/realtime';
import type { Kysely } from 'kysely';
import type { Recorder } from '../board-change/change-board.js';
import type { BoardChanges } from '../board-change/changes.js';
import { COLUMN_COLUMNS, columnOrder, toColumn } from '../columns/index.js';
import type { Database } from '../database.js';
import { LABEL_COLUMNS, toLabel } from '../labels/index.js';
import { loadMembers } from '../members/index.js';
import { findTasks } from '../tasks/index.js';
import { findBoardSettings } from './repository.js';

type Db = Kysely<Database>;

const ids = (set: Set<number>) => [...set];

export async function buildPatch(
  db: Db,
  boardId: number,
  changes: BoardChanges,
  prevVersion: number,
  userId: number,
): Promise<BoardPatch> {
  const patch: BoardPatch = { prevVersion, userId };
  if (changes.settings) patch.board = (await findBoardSettings(db, boardId)) ?? undefined;
  if (changes.owner) {
    const board = await db
      .selectFrom('boards')
      .select('created_by')
      .where('id', '=', boardId)
      .executeTakeFirst();
    if (board) patch.createdBy = board.created_by;
  }
  // A touched task or column that is not on the board (it went to the archive) is a removed one.
  if (changes.tasks.size > 0) {
    patch.tasks = await findTasks(db, boardId, ids(changes.tasks));
    const found = new Set(patch.tasks.map((task) => Number(task.id)));
    for (const id of changes.tasks) if (!found.has(id)) changes.removeTask(id);
  }
  if (changes.columns.size > 0) {
    patch.columns = await columnsWithTasks(db, boardId, ids(changes.columns));
    const found = new Set(patch.columns.map((column) => Number(column.id)));
    for (const id of changes.columns) if (!found.has(id)) changes.removeColumn(id);
  }
  if (changes.order) patch.columnOrder = (await columnOrder(db, boardId)).map(String);
  if (changes.labels.size > 0) {
    const rows = await db
      .selectFrom('labels')
      .select(LABEL_COLUMNS)
      .where('board_id', '=', boardId)
      .where('id', 'in', ids(changes.labels))
      .orderBy('id')
      .execute();
    patch.labels = rows.map(toLabel);
  }
  if (changes.members) patch.members = await loadMembers(db, boardId);
  const removed: NonNullable<BoardPatch['removed']> = {};
  if (changes.removedTasks.size > 0) removed.tasks = ids(changes.removedTasks).map(String);
  if (changes.removedColumns.size > 0) removed.columns = ids(changes.removedColumns).map(String);
  if (changes.removedLabels.size > 0) removed.labels = ids(changes.removedLabels);
  if (Object.keys(removed).length > 0) patch.removed = removed;
  return patch;
}

/** The columns with every task id of each, in order (a column that no longer exists is left out). */
async function columnsWithTasks(db: Db, boardId: number, columnIds: number[]) {
  const columns = await db
    .selectFrom('columns')
    .select(COLUMN_COLUMNS)
    .where('board_id', '=', boardId)
    .where('id', 'in', columnIds)
    .where('archived_at', 'is', null)
    .orderBy('id')
    .execute();
  const tasks = await db
    .selectFrom('tasks')
    .select(['id', 'column_id'])
    .where('column_id', 'in', columnIds)
    .where('archived_at', 'is', null)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const taskIds = new Map(columns.map((column) => [column.id, [] as string[]]));
  for (const task of tasks) taskIds.get(task.column_id)?.push(String(task.id));
  return columns.map((column) => toColumn(column, taskIds.get(column.id) ?? []));
}

/** The kernel's patch recorder: the touched items read back, with the change's activity rows. */
export const recordPatch: Recorder = async ({ trx, boardId, userId, version, changes, recorded }) => {
  const patch = await buildPatch(trx, boardId, changes, version - 1, userId);
  if (recorded.activity && recorded.activity.length > 0) patch.activity = recorded.activity;
  recorded.patch = patch;
  return undefined;
};
