import type { Checklist, ChecklistItem } from 'contract';

/**
 * A change sent and not answered yet, shown at once (a tick, an assignee, a drag) and laid over each
 * newer task the modal gets until its own answer lands. Each is idempotent, so laying it over an
 * answer that already holds it changes nothing.
 */
export type PendingChange =
  | { kind: 'item'; itemId: number; change: Partial<Pick<ChecklistItem, 'done' | 'assigneeId'>> }
  | { kind: 'move'; itemId: number; index: number };

/** The item moved to `index` (0-based) of its list; the lists as they were if it is not there. */
export function moveItem(lists: Checklist[], itemId: number, index: number): Checklist[] {
  return lists.map((list) => {
    const from = list.items.findIndex((item) => item.id === itemId);
    if (from < 0) return list;
    const to = Math.max(0, Math.min(index, list.items.length - 1));
    if (from === to) return list;
    const items = [...list.items];
    const [moved] = items.splice(from, 1);
    items.splice(to, 0, moved!);
    return { ...list, items };
  });
}

export function applyPending(lists: Checklist[], changes: readonly PendingChange[]): Checklist[] {
  return changes.reduce((current, change) => {
    if (change.kind === 'move') return moveItem(current, change.itemId, change.index);
    return current.map((list) =>
      list.items.some((item) => item.id === change.itemId)
        ? {
            ...list,
            items: list.items.map((item) =>
              item.id === change.itemId ? { ...item, ...change.change } : item,
            ),
          }
        : list,
    );
  }, lists);
}
