/**
 * Every kind of activity row and its `data`, as the routes record it (one typed union): the server's
 * watchers read it without parsing, and the board screen's describer switches over `ActivityKind`
 * exhaustively, so a new kind without a sentence fails `tsc`. Rows written before a field existed
 * may lack it: readers of stored rows treat every field of `data` as optional.
 */

import type { Role } from './roles.js';

/** An edited field's value before and after (compared as JSON). */
export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

/** A member as member activity names them; `userId` negative for an address with no account. */
export interface Person {
  userId: number;
  name: string;
  email: string;
}

/** No field. */
type Nothing = Record<never, never>;
interface ColumnRef {
  id: string;
  name: string;
}
interface BoardRef {
  id: number;
  name: string;
}
interface CommentRef {
  commentId: number;
  text: string;
}
interface ItemRef {
  checklistTitle: string;
  itemText: string;
}

/** `data` by kind. `task` and `column` of a row carry the title and name at the time of the change. */
export interface ActivityData {
  'task.created': Nothing;
  /** Fields: title, description, estimation, priority, columnId, assignees, labels, dueAt, startAt, dueDone. */
  'task.edited': { changes: FieldChange[] };
  /** Only between columns: a move inside one column is not recorded. */
  'task.moved': { from: ColumnRef; to: ColumnRef };
  'task.deleted': Nothing;
  /** Out of the trash. */
  'task.restored': Nothing;
  /** Into the archive and back ('Вернуть'). */
  'task.archived': Nothing;
  'task.unarchived': Nothing;
  /** To another board (the row is the source board's) and from one (the target's): POST /api/task/move-to-board. */
  'task.moved-out': { board: BoardRef };
  'task.moved-in': { board: BoardRef };
  /** `mentions`: the user ids named. */
  'comment.added': CommentRef & { mentions?: number[] };
  'comment.deleted': CommentRef;
  'comment.restored': CommentRef;
  'file.added': { name: string };
  'file.deleted': { name: string };
  'label.created': { title: string };
  /** Fields: title, color, isMainColor. */
  'label.edited': { title: string; changes: FieldChange[] };
  'label.deleted': { title: string };
  'label.restored': { title: string };
  'column.created': Nothing;
  'column.renamed': { from: string; to: string };
  'column.deleted': { name: string };
  'column.restored': { name: string; tasksCount: number };
  /** Into the archive with its tasks, and back; `tasksCount`: the tasks that went with it. */
  'column.archived': { name: string; tasksCount: number };
  'column.unarchived': { name: string; tasksCount: number };
  'columns.reordered': Nothing;
  /** The creator emptied the board's trash; `count`: entries erased. */
  'trash.emptied': { count: number };
  'checklist.added': { checklistTitle: string };
  'checklist.edited': { checklistTitle: string; from: string; to: string };
  'checklist.deleted': { checklistTitle: string };
  'checklist.item-added': ItemRef;
  'checklist.item-done': ItemRef;
  'checklist.item-undone': ItemRef;
  'checklist.item-deleted': ItemRef;
  'checklist.item-edited': ItemRef & { from?: string; to?: string; assigneeId?: number | null };
  'checklist.item-converted': ItemRef & { newTaskId: string };
  /** `userId` when the address has an account. */
  'member.invited': Omit<Person, 'userId'> & { userId?: number };
  /** The row's user is the member themselves (also for member.left and invitation.rejected). */
  'member.joined': Nothing;
  'member.removed': Person;
  'member.left': Nothing;
  'invitation.rejected': Nothing;
  'invitation.cancelled': Person;
  /** An administrator changed the member's role. */
  'member.role-changed': Person & { from: Role; to: Role };
  /** The owner handed the board to this administrator. */
  'board.owner-changed': Person;
  /** An administrator turned the public link on (or made a new one), or off. */
  'board.public-link': { enabled: boolean };
  /** Fields: name, color, showIdsMode, showTotalColumnEstimation. */
  'board.edited': { changes: FieldChange[] };
  /** The creator brought the deleted board back. */
  'board.restored': Nothing;
  /** The board was made by an import from a file: its format and what came in. */
  'board.imported': { format: 'trello' | 'csv' | 'kanban'; tasks: number };
  /** The board was made as a copy of another board or from a template (`name`: that board's or template's). */
  'board.copied': { from: 'board' | 'template'; name: string; tasks: number };
}

export type ActivityKind = keyof ActivityData;

/** Every kind, for the API's schema (the object makes a missing or extra key a type error). */
const KINDS: Record<ActivityKind, true> = {
  'task.created': true,
  'task.edited': true,
  'task.moved': true,
  'task.deleted': true,
  'task.restored': true,
  'task.archived': true,
  'task.unarchived': true,
  'task.moved-out': true,
  'task.moved-in': true,
  'comment.added': true,
  'comment.deleted': true,
  'comment.restored': true,
  'file.added': true,
  'file.deleted': true,
  'label.created': true,
  'label.edited': true,
  'label.deleted': true,
  'label.restored': true,
  'column.created': true,
  'column.renamed': true,
  'column.deleted': true,
  'column.restored': true,
  'column.archived': true,
  'column.unarchived': true,
  'columns.reordered': true,
  'trash.emptied': true,
  'checklist.added': true,
  'checklist.edited': true,
  'checklist.deleted': true,
  'checklist.item-added': true,
  'checklist.item-done': true,
  'checklist.item-undone': true,
  'checklist.item-deleted': true,
  'checklist.item-edited': true,
  'checklist.item-converted': true,
  'member.invited': true,
  'member.joined': true,
  'member.removed': true,
  'member.left': true,
  'invitation.rejected': true,
  'invitation.cancelled': true,
  'member.role-changed': true,
  'board.owner-changed': true,
  'board.public-link': true,
  'board.edited': true,
  'board.restored': true,
  'board.imported': true,
  'board.copied': true,
};
export const ACTIVITY_KINDS = Object.keys(KINDS) as ActivityKind[];

/** Where a change happened; a missing task title or column name is read at insert time. */
export interface ActivityTarget {
  taskId?: number;
  taskTitle?: string;
  columnId?: number;
  columnName?: string;
}

/** The second argument of `record(kind, …)`: `data` may be left out only where it has no field. */
export type EntryOf<K extends ActivityKind> = ActivityTarget &
  (Nothing extends ActivityData[K] ? { data?: ActivityData[K] } : { data: ActivityData[K] });

/** One change as a route records it. */
export type ActivityEntry = { [K in ActivityKind]: { kind: K } & EntryOf<K> }[ActivityKind];
