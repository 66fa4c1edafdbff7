/**
 * A realtime update applied to the board on screen, instead of a re-fetch.
 *
 * The update's patch (api/realtime-contract `BoardPatch`) is the committed change in the contract's
 * shapes, whatever the viewer's filters; the board here holds only the tasks matching the URL's
 * filters. So every upserted task is matched against the filters the way the API's board query does
 * (api/src/boards/detail.ts: OR within one key, AND across keys, search terms trimmed and matched
 * case-insensitively as substrings of the title or the description) and is put in or taken out.
 *
 * When the result cannot be known here, `applyPatch` answers null and the caller re-fetches: a patch
 * for another version, a search that only the description (which the board does not carry) could
 * match, a deleted label that is in the filter, or a task that appears without its column's order.
 *
 * Unchanged tasks and columns keep their objects, so memoised cards and columns do not repaint.
 */
import type { Board, Column, Label, Task } from 'api/contract';
import type { BoardPatch, BoardUpdate } from 'api/realtime-contract';
import type { Filters } from './filters';

export function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

export function sameTask(a: Task, b: Task): boolean {
  for (const key of Object.keys(b) as (keyof Task)[]) {
    const left = a[key];
    const right = b[key];
    if (Array.isArray(left) && Array.isArray(right)) {
      if (!sameList(left, right)) return false;
    } else if (left !== right) {
      return false;
    }
  }
  return Object.keys(a).length === Object.keys(b).length;
}

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
 * The URL's filters as the API reads the query GET /api/board/:id is sent with: ids as numbers (the
 * header's "my tasks" toggle writes the user's own id to `assignee`, so there is no "me" value).
 */
interface TaskFilter {
  assignees: number[];
  labels: number[];
  priorities: string[];
  /** Lower-cased, trimmed, without empty ones. */
  terms: string[];
}

function taskFilter(filters: Filters): TaskFilter {
  return {
    assignees: filters.assignee.map(Number),
    labels: filters.label.map(Number),
    priorities: filters.priority,
    terms: filters.search.map((term) => term.trim().toLowerCase()).filter(Boolean),
  };
}

/** Whether the board query would return `task`; null when only its description could tell. */
function matches(task: Task, filter: TaskFilter): boolean | null {
  const { assignees, labels, priorities, terms } = filter;
  if (assignees.length > 0 && !task.assignees.some((id) => assignees.includes(id))) return false;
  if (labels.length > 0 && !task.labels.some((id) => labels.includes(id))) return false;
  if (priorities.length > 0 && (task.priority === null || !priorities.includes(task.priority))) return false;
  if (terms.length === 0) return true;
  const title = task.title.toLowerCase();
  if (terms.some((term) => title.includes(term))) return true;
  return task.hasDescription ? null : false;
}

function upsertLabels(labels: Label[], patch: BoardPatch): Label[] {
  const removed = new Set(patch.removed?.labels);
  if (!patch.labels?.length && !labels.some((label) => removed.has(label.id))) return labels;
  const byId = new Map(labels.filter((label) => !removed.has(label.id)).map((label) => [label.id, label]));
  for (const label of patch.labels ?? []) byId.set(label.id, label);
  // The API lists labels by id.
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

function nextColumnOrder(order: string[], patched: string[] | undefined, removed: Set<string>): string[] {
  if (patched) return sameList(order, patched) ? order : patched;
  return removed.size > 0 ? order.filter((id) => !removed.has(id)) : order;
}

/**
 * `board` at `update.version`, or `board` itself when it is already there, or null when the update
 * cannot be applied here (re-fetch instead).
 */
export function applyPatch(board: Board, update: BoardUpdate, filters: Filters): Board | null {
  const patch = update.patch;
  // No patch: a deletion or a resync (version 0), which only a re-fetch can show.
  if (!patch) return null;
  if (board.version >= update.version) return board;
  if (patch.prevVersion !== board.version) return null;

  const filter = taskFilter(filters);
  const removedLabels = new Set(patch.removed?.labels);
  if (filter.labels.some((id) => removedLabels.has(id))) return null;
  const removedColumns = new Set(patch.removed?.columns);
  const patchColumns = new Map((patch.columns ?? []).map((column) => [column.id, column]));

  const tasks: Record<string, Task> = { ...board.tasks };
  for (const [id, task] of Object.entries(board.tasks)) {
    if (removedColumns.has(task.columnId)) {
      delete tasks[id];
    } else if (task.labels.some((label) => removedLabels.has(label))) {
      tasks[id] = { ...task, labels: task.labels.filter((label) => !removedLabels.has(label)) };
    }
  }
  for (const id of patch.removed?.tasks ?? []) delete tasks[id];

  for (const task of patch.tasks ?? []) {
    const shown = matches(task, filter);
    if (shown === null) return null;
    const before = tasks[task.id];
    if (!shown) {
      delete tasks[task.id];
      continue;
    }
    // A task that comes into view or changes column needs its column's new order.
    if (before?.columnId !== task.columnId && !patchColumns.has(task.columnId)) return null;
    tasks[task.id] = before && sameTask(before, task) ? before : task;
  }

  const columns: Record<string, Column> = {};
  for (const [id, column] of Object.entries(board.columns)) {
    if (removedColumns.has(id)) continue;
    const source = patchColumns.get(id) ?? column;
    const next = {
      ...source,
      taskIds: source.taskIds.filter((taskId) => tasks[taskId]?.columnId === id),
    };
    columns[id] = sameColumn(column, next) ? column : next;
  }
  for (const [id, column] of patchColumns) {
    if (columns[id] || removedColumns.has(id)) continue;
    columns[id] = { ...column, taskIds: column.taskIds.filter((taskId) => tasks[taskId]?.columnId === id) };
  }

  const columnOrder = nextColumnOrder(board.columnOrder, patch.columnOrder, removedColumns);
  // Whatever the board shows must have a place: every column in the order, every task in a column.
  if (columnOrder.some((id) => !columns[id])) return null;
  const placed = new Set(Object.values(columns).flatMap((column) => column.taskIds));
  if (Object.keys(tasks).some((id) => !placed.has(id))) return null;

  return {
    ...board,
    ...patch.board,
    version: update.version,
    members: patch.members ?? board.members,
    columnOrder,
    columns,
    tasks,
    labels: upsertLabels(board.labels, patch),
  };
}
