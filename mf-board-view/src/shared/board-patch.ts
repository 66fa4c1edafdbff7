/**
 * A realtime update applied to the board on screen, instead of a re-fetch.
 *
 * The update's patch is the committed change whatever the viewer's filters, while the board here holds
 * only the tasks matching the URL's filters. The contract's own reader (contract/apply-patch, the one
 * the API's tests check for convergence) matches each upserted task against the filter the way
 * GET /api/board/:id does and puts it in or takes it out; this file gives it the URL's filters in the
 * API's form and keeps the objects of whatever the patch re-sent unchanged.
 *
 * Null means "re-fetch": no patch, a patch for another version, a search that only the description
 * (which the board does not carry) could match, a deleted label that is filtered on, a task that
 * appears without its column's order, or a result the board could not show.
 */
import type { Board, BoardFilter, Column, PriorityValue, Task } from 'contract';
import { applyPatch as applyContractPatch } from 'contract/apply-patch';
import type { BoardUpdate } from 'contract/realtime';
import { type Filters, viewerZone } from './filters';

export function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

/** Equal fields: values, lists of values, and small records of values (the checklist's progress). */
export function sameTask(a: Task, b: Task): boolean {
  return sameRecord(a, b, 1);
}

function sameRecord(a: object, b: object, depth: number): boolean {
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  for (const key of Object.keys(right)) {
    const x = left[key];
    const y = right[key];
    if (x === y) continue;
    if (Array.isArray(x) && Array.isArray(y)) {
      if (!sameList(x, y)) return false;
    } else if (depth > 0 && isRecord(x) && isRecord(y)) {
      if (!sameRecord(x, y, depth - 1)) return false;
    } else {
      return false;
    }
  }
  return Object.keys(left).length === Object.keys(right).length;
}

const isRecord = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function sameColumn(a: Column, b: Column): boolean {
  return (
    a.id === b.id &&
    a.boardId === b.boardId &&
    a.name === b.name &&
    a.version === b.version &&
    sameList(a.taskIds, b.taskIds)
  );
}

/**
 * The URL's filters as the API reads the query the board is fetched with (features/board/api/
 * get-board.ts): ids become numbers, and the header's "my tasks" toggle writes the user's own id to
 * `assignee`, so there is no "me" value. The API refuses other priorities and due values, so a shown
 * board's filter has only valid ones; search terms go as they are (the reader trims them like the
 * server). The due filter is read in the viewer's zone, as the board was fetched.
 */
export function toBoardFilter(filters: Filters): DueBoardFilter {
  return {
    assignee: filters.assignee.map(Number),
    label: filters.label.map(Number),
    priority: filters.priority as PriorityValue[],
    search: filters.search,
    due: filters.due as NonNullable<DueBoardFilter['due']>,
    tz: viewerZone(),
  };
}

/** The API's filter with its due part (`due`, `tz`), which the contract's reader passes on to the server's rules. */
type DueBoardFilter = BoardFilter & { due?: readonly string[]; tz?: string };

/**
 * `board` at `update.version`, or `board` itself when it is already there, or null when the update
 * cannot be applied here (re-fetch instead).
 */
export function applyPatch(board: Board, update: BoardUpdate, filters: Filters): Board | null {
  // A deletion or a resync (version 0) comes without a patch: only a re-fetch can show it.
  if (!update.patch) return null;
  const next = applyContractPatch(board, update, toBoardFilter(filters));
  if (!next || next === board) return next;

  // Whatever the board shows must have a place: every column in the order, every task in a column.
  if (next.columnOrder.some((id) => !next.columns[id])) return null;
  const placed = new Set(Object.values(next.columns).flatMap((column: Column) => column.taskIds));
  if (Object.keys(next.tasks).some((id) => !placed.has(id))) return null;

  let tasks = next.tasks;
  for (const task of update.patch.tasks ?? []) {
    const before = board.tasks[task.id];
    const after = tasks[task.id];
    if (before && after && before !== after && sameTask(before, after)) {
      if (tasks === next.tasks) tasks = { ...next.tasks };
      tasks[task.id] = before;
    }
  }
  const columnOrder = sameList(board.columnOrder, next.columnOrder) ? board.columnOrder : next.columnOrder;
  return { ...next, tasks, columnOrder };
}
