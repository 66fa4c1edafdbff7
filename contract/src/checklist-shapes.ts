/**
 * The checklist shapes the task detail and the card show. Apart from the route schemas (checklists.ts),
 * which answer with the task detail: in one file the two would import each other with tasks.ts.
 */
import { type Static, Type } from 'typebox';

export const ChecklistItem = Type.Object({
  id: Type.Integer(),
  text: Type.String(),
  done: Type.Boolean(),
  /** A board member the item is for, or null. */
  assigneeId: Type.Union([Type.Integer(), Type.Null()]),
  position: Type.Integer(),
});
export type ChecklistItem = Static<typeof ChecklistItem>;

export const Checklist = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  position: Type.Integer(),
  items: Type.Array(ChecklistItem, { description: 'in position order' }),
});
export type Checklist = Static<typeof Checklist>;

/** A task's checklist progress on its card: items done of all items, over every list. */
export const ChecklistProgress = Type.Object({ done: Type.Integer(), total: Type.Integer() });
export type ChecklistProgress = Static<typeof ChecklistProgress>;
