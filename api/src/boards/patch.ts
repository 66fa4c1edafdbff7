/**
 * The committed change of a board as a patch (contract/src/realtime.ts `BoardPatch`): a route's change
 * records which tasks, columns and labels it touched or removed, and whether the members, the column
 * order or the board's settings changed; once its work is done, still in the same transaction, the
 * touched items are read back in their contract shapes, so the patch is exactly what a fresh GET would
 * show of them at the new version.
 */

import type { ActivityEntry, ActivityKind, EntryOf } from 'contract/activity-kinds';
import type { BoardPatch } from 'contract/realtime';
import type { Kysely } from 'kysely';
import { COLUMN_COLUMNS, columnOrder, toColumn } from '../columns/repository.js';
import type { Database } from '../database.js';
import { LABEL_COLUMNS, toLabel } from '../labels/repository.js';
import { loadMembers } from '../members/repository.js';
import { findTasks } from '../tasks/repository.js';
import { findBoardSettings } from './repository.js';

type Db = Kysely<Database>;

/** What one change touched; routes fill it in, `buildPatch` reads the result. */
export class BoardChanges {
  readonly tasks = new Set<number>();
  readonly columns = new Set<number>();
  readonly labels = new Set<number>();
  readonly removedTasks = new Set<number>();
  readonly removedColumns = new Set<number>();
  readonly removedLabels = new Set<number>();
  settings = false;
  order = false;
  members = false;
  /** The activity rows to record, inserted by `changeBoard` before the commit. */
  readonly activity: ActivityEntry[] = [];

  /** Records one activity row of this change (activity/kinds.ts lists the kinds and their data). */
  record<K extends ActivityKind>(
    kind: K,
    ...[entry]: Record<never, never> extends EntryOf<K> ? [EntryOf<K>?] : [EntryOf<K>]
  ): this {
    this.activity.push({ kind, ...entry } as ActivityEntry);
    return this;
  }

  /** A task's fields or counts changed (or it was created). */
  task(id: number): this {
    this.tasks.add(id);
    return this;
  }

  /** A column's name or task order changed (or it was created). */
  column(...ids: number[]): this {
    for (const id of ids) this.columns.add(id);
    return this;
  }

  label(id: number): this {
    this.labels.add(id);
    return this;
  }

  removeTask(id: number): this {
    this.removedTasks.add(id);
    this.tasks.delete(id);
    return this;
  }

  removeColumn(id: number): this {
    this.removedColumns.add(id);
    this.columns.delete(id);
    this.order = true;
    return this;
  }

  removeLabel(id: number): this {
    this.removedLabels.add(id);
    this.labels.delete(id);
    return this;
  }

  columnOrder(): this {
    this.order = true;
    return this;
  }

  boardSettings(): this {
    this.settings = true;
    return this;
  }

  memberList(): this {
    this.members = true;
    return this;
  }
}

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
  if (changes.order) patch.columnOrder = (await columnOrder(db, boardId)).map(String);
  if (changes.tasks.size > 0) patch.tasks = await findTasks(db, boardId, ids(changes.tasks));
  if (changes.columns.size > 0) patch.columns = await columnsWithTasks(db, boardId, ids(changes.columns));
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
    .orderBy('id')
    .execute();
  const tasks = await db
    .selectFrom('tasks')
    .select(['id', 'column_id'])
    .where('column_id', 'in', columnIds)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const taskIds = new Map(columns.map((column) => [column.id, [] as string[]]));
  for (const task of tasks) taskIds.get(task.column_id)?.push(String(task.id));
  return columns.map((column) => toColumn(column, taskIds.get(column.id) ?? []));
}
