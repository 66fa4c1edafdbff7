/**
 * The contract's own reading of a patch (contract.ts `BoardPatch`): the board at the update's version
 * from the board at the patch's previous one, for a viewer whose board is filtered as GET
 * /api/board/{id} filters it (boards/detail.ts). Plain functions on the contract's shapes, with no
 * dependency, so the board page, the API's in-memory board and the tests all apply patches the same
 * way. Unchanged tasks and columns keep their objects, so memoised cards do not repaint.
 */
import { dueConditions, dueMatches } from './due-window.js';
import type { Board, BoardFilter, Column, Label, Task } from './index.js';
import type { BoardUpdate } from './realtime.js';

// What a page needs to ask for and show the due filter: its values, the zone check, the windows.
export { DUE_VALUES, type DueValue, dueWindow, isTimeZone } from './due-window.js';

/** The search terms as the server uses them: trimmed, empty ones dropped. */
export const searchTerms = (filter: BoardFilter) =>
  (filter.search ?? []).map((term) => term.trim()).filter(Boolean);

/**
 * Whether the filtered board shows the task: OR within one key, AND across keys, as the server
 * decides, the due filter as at `now` in the filter's zone (due-window.ts). Undefined when that
 * cannot be told here: a search term not in the title of a task that has a description (the server
 * also searches descriptions, which the board does not carry), or a zone this runtime does not know.
 */
export function taskMatches(task: Task, filter: BoardFilter, now: Date = new Date()): boolean | undefined {
  const { assignee = [], label = [], priority = [], due = [] } = filter;
  if (assignee.length > 0 && !task.assignees.some((id) => assignee.includes(id))) return false;
  if (label.length > 0 && !task.labels.some((id) => label.includes(id))) return false;
  if (priority.length > 0 && (task.priority === null || !priority.includes(task.priority))) return false;
  if (due.length > 0) {
    const conditions = dueConditions(filter, now);
    if (!conditions) return undefined;
    if (!dueMatches(task, conditions)) return false;
  }
  const terms = searchTerms(filter);
  if (terms.length === 0) return true;
  const title = task.title.toLowerCase();
  if (terms.some((term) => title.includes(term.toLowerCase()))) return true;
  return task.hasDescription ? undefined : false;
}

/**
 * The board after `update`, or null when it cannot be worked out here and the board must be fetched:
 * no patch, a gap (the board is not at `patch.prevVersion`), a task whose visibility the filter cannot
 * decide, a task that becomes visible where its column's order is unknown, or a removed label the
 * filter uses. A board already at the update's version or newer comes back as it is. The due filter
 * is read as at `now`; tasks the patch does not carry are not looked at again, so a page filtered by
 * `due` re-fetches when its window ends (`dueWindow`) and, for `overdue`, from time to time.
 */
export function applyPatch(
  board: Board,
  update: BoardUpdate,
  filter: BoardFilter = {},
  now: Date = new Date(),
): Board | null {
  if (board.version >= update.version) return board;
  const patch = update.patch;
  if (!patch || patch.prevVersion !== board.version) return null;
  const removed = patch.removed ?? {};
  const removedLabels = new Set(removed.labels ?? []);
  if (filter.label?.some((id) => removedLabels.has(id))) return null;

  const tasks: Record<string, Task> = { ...board.tasks };
  const columns: Record<string, Column> = { ...board.columns };
  /** Task ids that left the view, by the column they were in. */
  const gone = new Map<string, Set<string>>();
  const leave = (taskId: string) => {
    const task = tasks[taskId];
    if (!task) return;
    delete tasks[taskId];
    const ids = gone.get(task.columnId) ?? new Set<string>();
    ids.add(taskId);
    gone.set(task.columnId, ids);
  };

  for (const columnId of removed.columns ?? []) {
    for (const taskId of columns[columnId]?.taskIds ?? []) delete tasks[taskId];
    delete columns[columnId];
  }
  for (const taskId of removed.tasks ?? []) leave(taskId);
  if (removedLabels.size > 0) {
    for (const [id, task] of Object.entries(tasks)) {
      if (task.labels.some((labelId) => removedLabels.has(labelId))) {
        tasks[id] = { ...task, labels: task.labels.filter((labelId) => !removedLabels.has(labelId)) };
      }
    }
  }

  const patchedColumns = new Set((patch.columns ?? []).map((column) => column.id));
  for (const task of patch.tasks ?? []) {
    const shown = taskMatches(task, filter, now);
    if (shown === undefined) return null;
    const before = tasks[task.id];
    if (!shown) {
      leave(task.id);
      continue;
    }
    // A task entering the view, or another column, is placed by its column's order in the patch.
    if ((!before || before.columnId !== task.columnId) && !patchedColumns.has(task.columnId)) return null;
    if (before && before.columnId !== task.columnId && !patchedColumns.has(before.columnId)) return null;
    tasks[task.id] = task;
  }

  for (const column of patch.columns ?? []) {
    const taskIds = column.taskIds.filter((id) => id in tasks);
    const old = columns[column.id];
    columns[column.id] =
      old && old.name === column.name && old.version === column.version && sameIds(old.taskIds, taskIds)
        ? old
        : { ...column, taskIds };
  }
  for (const [columnId, ids] of gone) {
    const column = columns[columnId];
    if (!column || patchedColumns.has(columnId)) continue;
    columns[columnId] = { ...column, taskIds: column.taskIds.filter((id) => !ids.has(id)) };
  }

  return {
    ...board,
    ...patch.board,
    ...(patch.createdBy !== undefined && { createdBy: patch.createdBy }),
    version: update.version,
    members: patch.members ?? board.members,
    columnOrder: patch.columnOrder ?? board.columnOrder,
    columns,
    tasks,
    labels: patchLabels(board.labels, patch.labels ?? [], removedLabels),
  };
}

/** The board's labels in id order (as the server lists them) with the patch's upserts and removals. */
function patchLabels(labels: Label[], upserted: Label[], removed: Set<number>): Label[] {
  if (upserted.length === 0 && removed.size === 0) return labels;
  const byId = new Map(labels.filter((label) => !removed.has(label.id)).map((label) => [label.id, label]));
  for (const label of upserted) byId.set(label.id, label);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}
