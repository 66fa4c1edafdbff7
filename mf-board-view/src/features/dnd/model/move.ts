/**
 * Pure moves of the drag and drop. While a card is dragged the board keeps a local map
 * `columnId -> taskIds`; crossing into another column moves the id at once (so the target column
 * opens a gap), the final position is settled on drop, and only then is it applied to the board store
 * (optimistically) and sent.
 */
import type { Board } from 'contract';
import type { MoveTaskBody } from '../api/move-task';

export type ColumnItems = Record<string, string[]>;

/** Where a dragged card is over: a card, a column's top or bottom zone, or a column's body. */
export type DropTarget =
  | { type: 'task'; id: string; below?: boolean }
  | { type: 'top' | 'bottom' | 'column'; columnId: string };

export function findColumn(items: ColumnItems, taskId: string): string | undefined {
  for (const [columnId, ids] of Object.entries(items)) {
    if (ids.includes(taskId)) return columnId;
  }
  return undefined;
}

function targetColumn(items: ColumnItems, target: DropTarget): string | undefined {
  return target.type === 'task' ? findColumn(items, target.id) : target.columnId;
}

function insertAt(ids: string[], id: string, index: number): string[] {
  const rest = ids.filter((item) => item !== id);
  const at = Math.max(0, Math.min(index, rest.length));
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}

/** While dragging: moves the card into another column (same `items` object when nothing changes). */
export function moveAcross(items: ColumnItems, taskId: string, target: DropTarget): ColumnItems {
  const from = findColumn(items, taskId);
  const to = targetColumn(items, target);
  if (!from || !to || from === to || !items[to]) return items;
  const list = items[to];
  let index = list.length;
  if (target.type === 'top') index = 0;
  else if (target.type === 'task') index = list.indexOf(target.id) + (target.below ? 1 : 0);
  return {
    ...items,
    [from]: (items[from] ?? []).filter((id) => id !== taskId),
    [to]: insertAt(list, taskId, index),
  };
}

/** On drop: the final order, in the column the card ends up in. */
export function settleMove(
  items: ColumnItems,
  taskId: string,
  target: DropTarget,
): { columnId: string; items: ColumnItems } | null {
  const from = findColumn(items, taskId);
  const to = targetColumn(items, target);
  if (!from) return null;
  if (to && to !== from) return { columnId: to, items: moveAcross(items, taskId, target) };
  const list = items[from] ?? [];
  let next = list;
  if (target.type === 'top') next = insertAt(list, taskId, 0);
  else if (target.type === 'bottom') next = insertAt(list, taskId, list.length);
  else if (target.type === 'task' && target.id !== taskId) {
    // As the sortable list shows it: the card takes the place of the card it is over.
    next = insertAt(list, taskId, list.indexOf(target.id));
  }
  return { columnId: from, items: next === list ? items : { ...items, [from]: next } };
}

/**
 * The PUT /api/task/move body: the target column's ids as numbers. null (nothing is sent) when the
 * moved task is not among them, which the API would refuse anyway.
 */
export function buildMoveRequest(
  boardId: number,
  taskId: string,
  columnId: string,
  columnTaskIds: readonly string[],
): MoveTaskBody | null {
  const newColumnTaskIds = columnTaskIds.map(Number).filter((id) => Number.isInteger(id));
  if (!newColumnTaskIds.includes(Number(taskId))) return null;
  return { boardId, taskId, newColumnId: columnId, newColumnTaskIds };
}

/** The board with the task in `columnId` at the position of `taskIds` (the optimistic state). */
export function applyTaskMove(board: Board, taskId: string, columnId: string, taskIds: string[]): Board {
  const task = board.tasks[taskId];
  const target = board.columns[columnId];
  if (!task || !target) return board;
  const columns = { ...board.columns, [columnId]: { ...target, taskIds } };
  for (const [id, column] of Object.entries(board.columns)) {
    if (id !== columnId && column.taskIds.includes(taskId)) {
      columns[id] = { ...column, taskIds: column.taskIds.filter((item) => item !== taskId) };
    }
  }
  return { ...board, columns, tasks: { ...board.tasks, [taskId]: { ...task, columnId } } };
}

export function sameOrder(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  return !!a && !!b && a.length === b.length && a.every((id, index) => id === b[index]);
}
