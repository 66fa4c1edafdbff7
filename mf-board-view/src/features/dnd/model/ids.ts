/** Column and task ids are both strings of digits: droppables other than cards get a prefix. */
export const columnKey = (columnId: string) => `column:${columnId}`;
export const topKey = (columnId: string) => `top:${columnId}`;
export const bottomKey = (columnId: string) => `bottom:${columnId}`;

export type DragData =
  | { type: 'task'; taskId: string }
  | { type: 'column'; columnId: string }
  | { type: 'top' | 'bottom'; columnId: string };

export function dragData(data: unknown): DragData | undefined {
  return data && typeof data === 'object' && 'type' in data ? (data as DragData) : undefined;
}

/** A quoted attribute value for a selector (the ids are digits; quotes and backslashes escaped anyway). */
const quoted = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;
/** The slot of a card, and the section of a column, in the board's markup. */
export const slotSelector = (taskId: string) => `[data-slot=${quoted(taskId)}]`;
export const columnSelector = (columnId: string) => `section[data-column-id=${quoted(columnId)}]`;
