import { type Static, Type } from 'typebox';
import { Body, errors, Id, Success } from './common.js';
import { BodyId } from './ids.js';

/** Days a deleted item (or board) stays recoverable before the nightly purge erases it. */
export const TRASH_DAYS = 30;

export const TRASH_KINDS = ['task', 'column', 'label', 'comment'] as const;
export type TrashKind = (typeof TRASH_KINDS)[number];

export const TrashItem = Type.Object({
  kind: Type.Enum(TRASH_KINDS),
  /** The item's own id as digits (tasks and columns have string ids, labels and comments numbers). */
  id: Type.String(),
  /** The task's title, the column's name, the label's title or the comment's text. */
  title: Type.String(),
  /** A comment's task; a task's column (its name as when deleted). */
  task: Type.Optional(Type.Object({ id: Type.String(), title: Type.String() })),
  column: Type.Optional(Type.Object({ id: Type.String(), name: Type.String() })),
  /** For a column: how many tasks went with it. */
  tasksCount: Type.Optional(Type.Integer()),
  deletedAt: Type.String({ format: 'date-time' }),
  deletedBy: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
  /** When the nightly purge erases it for good. */
  purgeAt: Type.String({ format: 'date-time' }),
});
export type TrashItem = Static<typeof TrashItem>;

const common = { tags: ['trash'], security: [{ bearer: [] }] };
const BoardParams = Type.Object({ boardId: Id });

export const ListTrash = {
  operationId: 'listTrash',
  summary: "A board's deleted tasks, columns, labels and comments",
  ...common,
  description: `The board's deleted tasks, columns, labels and comments, newest first; each is erased ${TRASH_DAYS} days after its deletion.`,
  params: BoardParams,
  response: { 200: Type.Array(TrashItem), ...errors(400, 401, 403, 404) },
};

export const RestoreTrash = {
  operationId: 'restoreFromTrash',
  summary: 'Restore an item from the trash',
  ...common,
  description:
    'Puts the item back where it was (a task into its column at its position, with its comments, files, labels, assignees, checklists and watchers; a column with its tasks). 409 when its column is itself deleted, or the column a task goes back to has reached its strict limit.',
  params: BoardParams,
  body: Body({
    kind: Type.Enum(TRASH_KINDS, { 'x-error': 'Неизвестный вид элемента' }),
    id: BodyId(),
  }),
  response: { 200: Success, ...errors(400, 401, 403, 404, 409) },
};

export const EmptyTrash = {
  'x-board-action': 'manage',
  operationId: 'emptyTrash',
  summary: "Empty a board's trash",
  ...common,
  description: "The board's creator erases everything in its trash, files included.",
  params: BoardParams,
  response: { 200: Success, ...errors(400, 401, 403, 404) },
};
