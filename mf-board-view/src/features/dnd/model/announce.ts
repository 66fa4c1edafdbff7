/**
 * What screen readers hear during a drag (dnd-kit's live region): the column and the position the
 * dragged card or column would take, and 'Без изменений' when a drop leaves everything in place.
 */
import { type ColumnItems, findColumn } from './move';

/** 'В «Готово», 2 из 5': where the card is in `items`, or null when it is in none of the columns. */
export function cardPlace(items: ColumnItems, taskId: string, columnName: (columnId: string) => string) {
  const columnId = findColumn(items, taskId);
  if (!columnId) return null;
  const ids = items[columnId] ?? [];
  return `В «${columnName(columnId)}», ${ids.indexOf(taskId) + 1} из ${ids.length}`;
}

/** 'Место 2 из 3': where the column is in `order`. */
export function columnPlace(order: readonly string[], columnId: string) {
  return `Место ${order.indexOf(columnId) + 1} из ${order.length}`;
}

/** Whether a card ends where it started: the same column, at the same index. */
export function cardUnmoved(before: ColumnItems, after: ColumnItems, taskId: string): boolean {
  const from = findColumn(before, taskId);
  const to = findColumn(after, taskId);
  return from === to && !!from && before[from]?.indexOf(taskId) === after[from]?.indexOf(taskId);
}

export const UNCHANGED = 'Без изменений';

export const screenReaderInstructions = {
  draggable:
    'Пробел берёт карточку или колонку, стрелки двигают её, Ctrl со стрелкой переносит в соседнюю колонку или на соседнее место, пробел или Enter опускают, Escape отменяет. Enter на карточке открывает её.',
};
