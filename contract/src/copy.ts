/**
 * Copying and moving ('Копировать доску', 'Копировать колонку', 'Копировать карточку', 'Переместить
 * на доску'). A copy never takes comments (unless a card's copy asks `withComments`), files or the
 * archive; its checklists come unticked. Across boards labels are matched by name (case-insensitive)
 * and made when missing; assignees who are not accepted members of the target are dropped.
 */
import { type Static, Type } from 'typebox';
import { BoardName } from './boards.js';
import { Body, errors, Id } from './common.js';
import { BodyId } from './ids.js';

export const MESSAGES = {
  column: 'Колонка не найдена',
  toBoard: 'Выберите доску',
  position: 'Некорректная позиция',
  withTasks: 'Некорректное значение',
  withComments: 'Некорректное значение',
} as const;

/** What a column's copy is called (cut to the column name's 100 characters). */
export const copiedColumnName = (name: string) => {
  const suffix = ' (копия)';
  return `${name.slice(0, 100 - suffix.length)}${suffix}`;
};

const common = { tags: ['copy'], security: [{ bearer: [] }] };

export const CopyBoard = {
  'x-board-action': 'view',
  operationId: 'copyBoard',
  summary: 'Copy a board: its columns and labels, with `withTasks` its cards',
  description:
    'Any role that may read the board may copy it; the caller is the copy’s owner and only member. Cards come without assignees, comments and files, checklists unticked; the archive stays behind.',
  ...common,
  params: Type.Object({ boardId: Id }),
  body: Body({
    name: BoardName,
    withTasks: Type.Optional(Type.Boolean({ 'x-error': MESSAGES.withTasks })),
  }),
  response: { 200: Type.Object({ boardId: Type.Integer() }), ...errors(400, 401, 403, 404) },
};

export const CopyColumn = {
  operationId: 'copyColumn',
  summary: 'Copy a column with its cards, right after it',
  description:
    "The copy is named '{name} (копия)'; its cards keep their labels and assignees, their checklists come unticked, without comments or files.",
  ...common,
  body: Body({ boardId: BodyId(), columnId: BodyId(MESSAGES.column) }),
  response: { 200: Type.Object({ columnId: Type.String() }), ...errors(400, 401, 403, 404) },
};

const Target = {
  boardId: BodyId(),
  taskId: BodyId(),
  toBoardId: BodyId(MESSAGES.toBoard),
  toColumnId: BodyId(MESSAGES.column),
  /** The index in the target column; past its end (or absent): last. */
  position: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, 'x-error': MESSAGES.position })),
};

export const DroppedAssignee = Type.Object({ id: Type.Integer(), name: Type.String() });
export type DroppedAssignee = Static<typeof DroppedAssignee>;

export const CopyTask = {
  'x-board-action': 'view',
  operationId: 'copyTask',
  summary: 'Copy a card to a column of this or another board',
  description:
    "Reading the source is enough; the target needs 'edit'. Checklists come unticked, comments only with `withComments`, files never.",
  ...common,
  body: Body({
    ...Target,
    withComments: Type.Optional(Type.Boolean({ 'x-error': MESSAGES.withComments })),
  }),
  response: {
    200: Type.Object({
      taskId: Type.String(),
      /** The card's number on the target board (its address there). */
      taskNumber: Type.Integer(),
      droppedAssignees: Type.Array(DroppedAssignee),
    }),
    // 409: the target column's strict limit is reached.
    ...errors(400, 401, 403, 404, 409),
  },
};

export const MoveTaskToBoard = {
  operationId: 'moveTaskToBoard',
  summary: 'Move a card to a column of another board',
  description:
    "'edit' on both boards. The card keeps its id, checklists, comments and files; it gets the target's next number. On its own board it is an ordinary move.",
  ...common,
  body: Body(Target),
  response: {
    200: Type.Object({
      taskId: Type.String(),
      /** The card's number on the target board (its address there). */
      taskNumber: Type.Integer(),
      droppedAssignees: Type.Array(DroppedAssignee),
    }),
    // 409: the target column's strict limit is reached.
    ...errors(400, 401, 403, 404, 409),
  },
};
