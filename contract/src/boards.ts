import { type Static, Type } from 'typebox';
import { Column } from './columns.js';
import { Body, Color, errors, Id, LIMITS } from './common.js';
import { DUE_VALUES, type DueValue } from './due-window.js';
import { Label } from './labels.js';
import { Member } from './members.js';
import { ConflictBody, FormVersion } from './revisions.js';
import { ROLES } from './roles.js';
import { PRIORITY_VALUES, Priority, type PriorityValue, Task } from './tasks.js';
import { TemplateId } from './templates.js';

export const SHOW_IDS_MODES = ['empty', 'circle', 'square', 'dot', 'space'] as const;
export type ShowIdsMode = (typeof SHOW_IDS_MODES)[number];

export const DEFAULT_BOARD_COLOR = '#f4f5f7';
export const DEFAULT_COLUMNS = ['Нужно сделать', 'В работе', 'Готово'] as const;

export const MESSAGES = {
  conflict: 'Доску изменили',
  due: 'Неизвестный срок',
  tz: 'Неизвестный часовой пояс',
} as const;

const security = [{ bearer: [] }];

export const BoardName = Type.String({
  minLength: 1,
  maxLength: LIMITS.name,
  'x-error': 'Введите название доски',
});
const ShowIdsModeField = Type.Enum(SHOW_IDS_MODES, { 'x-error': 'Неизвестный способ показа номера' });
const PriorityFilter = Type.Enum(PRIORITY_VALUES, { 'x-error': 'Неизвестный приоритет' });
const DueFilter = Type.Enum(DUE_VALUES, { 'x-error': MESSAGES.due });
export const Sort = Type.Enum(['default', 'byNameASC', 'byNameDESC'], {
  description: 'default or absent: creation order',
  'x-error': 'Неизвестный порядок сортировки',
});
export type Sort = Static<typeof Sort>;

export const BoardListItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  color: Type.String(),
  /** The caller's role on the board. */
  role: Type.Enum(ROLES),
});
export type BoardListItem = Static<typeof BoardListItem>;
const BoardList = Type.Array(BoardListItem);

/** The board detail, made of each domain's own shapes (the serializer drops fields they lack). */
export const Board = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  color: Type.String(),
  showIdsMode: Type.Enum(SHOW_IDS_MODES),
  showTotalColumnEstimation: Type.Boolean(),
  createdBy: Type.Integer(),
  version: Type.Integer(),
  members: Type.Array(Member),
  columnOrder: Type.Array(Type.String()),
  columns: Type.Record(Type.String(), Column),
  tasks: Type.Record(Type.String(), Task),
  labels: Type.Array(Label),
  priorities: Type.Array(Priority),
});
export type Board = Static<typeof Board>;

/** The board's own settings (PUT /api/board/edit sets them; `version` there is the board's). */
export const BoardSettings = Type.Pick(Board, ['name', 'color', 'showIdsMode', 'showTotalColumnEstimation']);
export type BoardSettings = Static<typeof BoardSettings>;

const BoardParams = Type.Object({ boardId: Id });

export const ListBoards = {
  operationId: 'listBoards',
  summary: "The user's boards",
  tags: ['boards'],
  security,
  querystring: Type.Object({ sort: Type.Optional(Sort) }),
  response: { 200: BoardList, ...errors(400, 401) },
};

export const CreateBoard = {
  operationId: 'createBoard',
  summary: 'Create a board',
  description:
    "With `templateId` the board gets the template's columns, labels and cards (and its colour unless `color` is given), in one transaction; the answer is the same.",
  tags: ['boards'],
  security,
  body: Body({
    name: BoardName,
    color: Type.Optional(Color),
    sort: Type.Optional(Sort),
    templateId: Type.Optional(TemplateId),
  }),
  response: { 200: BoardList, ...errors(400, 401) },
};

const FilterValues = <T extends Parameters<typeof Type.Array>[0]>(item: T, message: string) =>
  Type.Optional(Type.Array(item, { maxItems: 100, 'x-error': message }));

export const GetBoard = {
  operationId: 'getBoard',
  summary: 'A board with its columns, tasks, labels and members',
  tags: ['boards'],
  security,
  params: BoardParams,
  querystring: Type.Object({
    assignee: FilterValues(Id, 'Некорректный идентификатор'),
    label: FilterValues(Id, 'Некорректный идентификатор'),
    priority: FilterValues(PriorityFilter, 'Неизвестный приоритет'),
    search: FilterValues(Type.String({ maxLength: 200 }), 'Некорректное значение'),
    due: FilterValues(DueFilter, MESSAGES.due),
    // Checked by the route (due-window.ts `isTimeZone`), so a long one gets the same message.
    tz: Type.Optional(
      Type.String({
        description: "the viewer's zone for `due`: an IANA name or ±HH:MM; UTC when absent",
        'x-error': MESSAGES.tz,
      }),
    ),
  }),
  response: { 200: Board, ...errors(400, 401, 403, 404) },
};
export type BoardFilter = {
  assignee?: number[];
  label?: number[];
  priority?: PriorityValue[];
  search?: string[];
  /** due-window.ts: overdue, today, week, none. */
  due?: DueValue[];
  /** The zone `today` and `week` are counted in: an IANA name or ±HH:MM; UTC when absent. */
  tz?: string;
};

export const EditBoard = {
  'x-board-action': 'manage',
  operationId: 'editBoard',
  summary: "Change a board's name or colour",
  tags: ['boards'],
  security,
  params: BoardParams,
  body: Body({
    name: BoardName,
    color: Color,
    showIdsMode: ShowIdsModeField,
    showTotalColumnEstimation: Type.Boolean({ 'x-error': 'Некорректное значение' }),
    version: FormVersion,
  }),
  response: {
    200: BoardList,
    ...errors(400, 401, 403, 404),
    409: ConflictBody('board', BoardSettings),
  },
};

export const DeleteBoard = {
  'x-board-action': 'manage',
  operationId: 'deleteBoard',
  summary: 'Delete a board (restorable for a while)',
  tags: ['boards'],
  security,
  params: BoardParams,
  response: { 200: BoardList, ...errors(400, 401, 403, 404) },
};

export const DeletedBoard = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  color: Type.String(),
  deletedAt: Type.String({ format: 'date-time' }),
  /** When the nightly purge erases it for good. */
  purgeAt: Type.String({ format: 'date-time' }),
});
export type DeletedBoard = Static<typeof DeletedBoard>;

export const ListDeletedBoards = {
  operationId: 'listDeletedBoards',
  summary: 'Deleted boards the user may restore',
  tags: ['boards'],
  security,
  description: 'Boards the caller created and deleted in the last 30 days, newest first.',
  response: { 200: Type.Array(DeletedBoard), ...errors(401) },
};

export const RestoreBoard = {
  operationId: 'restoreBoard',
  summary: 'Restore a deleted board',
  tags: ['boards'],
  security,
  description: 'The creator brings a deleted board back, as it was, for all its members.',
  params: BoardParams,
  response: { 200: BoardList, ...errors(400, 401, 403, 404) },
};

export const TransferBoard = {
  'x-board-action': 'own',
  operationId: 'transferBoard',
  summary: 'Hand the board to another administrator',
  tags: ['boards'],
  security,
  description:
    'The owner only; the new owner must be an accepted administrator. The old owner stays an administrator.',
  params: BoardParams,
  body: Body({ userId: Id }),
  response: { 200: Type.Object({ success: Type.Literal(true) }), ...errors(400, 401, 403, 404) },
};
