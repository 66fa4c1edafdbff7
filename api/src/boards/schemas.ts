import { type Static, Type } from 'typebox';
import { Body, errors, Id, LIMITS } from '../schemas.js';

export const SHOW_IDS_MODES = ['empty', 'circle', 'square', 'dot', 'space'] as const;
export const PRIORITY_VALUES = ['low', 'medium', 'high', 'critical'] as const;
export type PriorityValue = (typeof PRIORITY_VALUES)[number];

export const PRIORITIES = [
  { value: 'low', label: 'Низкий', color: '#2e7d32' },
  { value: 'medium', label: 'Средний', color: '#f9a825' },
  { value: 'high', label: 'Высокий', color: '#ef6c00' },
  { value: 'critical', label: 'Критический', color: '#c62828' },
] as const satisfies readonly { value: PriorityValue; label: string; color: string }[];

export const DEFAULT_BOARD_COLOR = '#f4f5f7';
export const DEFAULT_COLUMNS = ['Нужно сделать', 'В работе', 'Готово'] as const;

const security = [{ bearer: [] }];

export const BoardName = Type.String({
  minLength: 1,
  maxLength: LIMITS.name,
  'x-error': 'Введите название доски',
});
export const Color = Type.String({ pattern: '^#[0-9a-f]{6}$', 'x-error': 'Некорректный цвет' });
const ShowIdsMode = Type.Enum(SHOW_IDS_MODES, { 'x-error': 'Неизвестный способ показа номера' });
const Priority = Type.Enum(PRIORITY_VALUES, { 'x-error': 'Неизвестный приоритет' });
export const Sort = Type.Enum(['default', 'byNameASC', 'byNameDESC'], {
  description: 'default or absent: creation order',
  'x-error': 'Неизвестный порядок сортировки',
});
export type Sort = Static<typeof Sort>;

export const BoardListItem = Type.Object({ id: Type.Integer(), name: Type.String(), color: Type.String() });
export type BoardListItem = Static<typeof BoardListItem>;
const BoardList = Type.Array(BoardListItem);

export const Member = Type.Object({
  id: Type.Integer({ description: 'user id; negative for an invited address that has no account yet' }),
  name: Type.String(),
  email: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  accepted: Type.Boolean(),
  isDeleted: Type.Boolean(),
});
export type Member = Static<typeof Member>;

export const Column = Type.Object({
  id: Type.String(),
  boardId: Type.Integer(),
  name: Type.String(),
  taskIds: Type.Array(Type.String()),
});
export type Column = Static<typeof Column>;

export const Label = Type.Object({
  id: Type.Integer(),
  boardId: Type.Integer(),
  title: Type.String(),
  color: Type.String(),
  isMainColor: Type.Boolean(),
});
export type Label = Static<typeof Label>;

export const Task = Type.Object({
  id: Type.String(),
  boardId: Type.Integer(),
  columnId: Type.String(),
  number: Type.Integer(),
  title: Type.String(),
  hasDescription: Type.Boolean(),
  estimation: Type.String(),
  priority: Type.Union([Type.Enum(PRIORITY_VALUES), Type.Null()]),
  assignees: Type.Array(Type.Integer()),
  labels: Type.Array(Type.Integer()),
  commentsCount: Type.Integer(),
  filesCount: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
  createdBy: Type.Integer(),
});
export type Task = Static<typeof Task>;

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
  priorities: Type.Array(
    Type.Object({
      value: Type.Enum(PRIORITY_VALUES),
      label: Type.String(),
      color: Type.String(),
    }),
  ),
});
export type Board = Static<typeof Board>;

const BoardParams = Type.Object({ boardId: Id });

export const ListBoards = {
  tags: ['boards'],
  security,
  querystring: Type.Object({ sort: Type.Optional(Sort) }),
  response: { 200: BoardList, ...errors(400, 401) },
};

export const CreateBoard = {
  tags: ['boards'],
  security,
  body: Body({ name: BoardName, color: Type.Optional(Color), sort: Type.Optional(Sort) }),
  response: { 200: BoardList, ...errors(400, 401) },
};

const FilterValues = <T extends Parameters<typeof Type.Array>[0]>(item: T, message: string) =>
  Type.Optional(Type.Array(item, { maxItems: 100, 'x-error': message }));

export const GetBoard = {
  tags: ['boards'],
  security,
  params: BoardParams,
  querystring: Type.Object({
    assignee: FilterValues(Id, 'Некорректный идентификатор'),
    label: FilterValues(Id, 'Некорректный идентификатор'),
    priority: FilterValues(Priority, 'Неизвестный приоритет'),
    search: FilterValues(Type.String({ maxLength: 200 }), 'Некорректное значение'),
  }),
  response: { 200: Board, ...errors(400, 401, 403, 404) },
};
export type BoardFilter = {
  assignee?: number[];
  label?: number[];
  priority?: PriorityValue[];
  search?: string[];
};

export const EditBoard = {
  tags: ['boards'],
  security,
  params: BoardParams,
  body: Body({
    name: BoardName,
    color: Color,
    showIdsMode: ShowIdsMode,
    showTotalColumnEstimation: Type.Boolean({ 'x-error': 'Некорректное значение' }),
  }),
  response: { 200: BoardList, ...errors(400, 401, 403, 404) },
};

export const DeleteBoard = {
  tags: ['boards'],
  security,
  params: BoardParams,
  response: { 200: BoardList, ...errors(400, 401, 403, 404) },
};
