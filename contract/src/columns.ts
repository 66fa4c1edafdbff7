import { type Static, Type } from 'typebox';
import { Body, errors, Id, Success } from './common.js';
import { BodyId, BodyIds } from './ids.js';
import { ConflictBody, FormVersion } from './revisions.js';

const WIP_MAX = 1000;

export const Column = Type.Object({
  id: Type.String(),
  boardId: Type.Integer(),
  name: Type.String(),
  taskIds: Type.Array(Type.String()),
  version: Type.Integer({ description: 'grows with each rename or change of its limit' }),
  wipLimit: Type.Union([Type.Integer({ minimum: 1, maximum: WIP_MAX }), Type.Null()], {
    description: "'Лимит карточек': the most cards the column should hold (its cards on the board), or null",
  }),
  wipStrict: Type.Boolean({
    description: 'a strict limit refuses cards into a full column (409); a column over it keeps its cards',
  }),
});
export type Column = Static<typeof Column>;

const WIP_LIMIT_ERROR = `Лимит — целое число от 1 до ${WIP_MAX}`;

const ColumnName = Type.String({ minLength: 1, maxLength: 100, 'x-error': 'Введите название колонки' });

const common = { tags: ['columns'], security: [{ bearer: [] }] };

export const CreateColumn = {
  operationId: 'createColumn',
  summary: 'Add a column to a board',
  ...common,
  body: Body({ boardId: BodyId(), name: ColumnName }),
  response: { 200: Column, ...errors(400, 401, 403, 404) },
};

export const EditColumn = {
  operationId: 'editColumn',
  summary: 'Rename a column or set its limit of cards',
  description:
    '`wipLimit` and `wipStrict` are optional (omitted: unchanged) and not merged by `version`: the last save of a limit wins.',
  ...common,
  params: Type.Object({ boardId: Id, columnId: Id }),
  body: Body({
    name: ColumnName,
    wipLimit: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1, maximum: WIP_MAX }), Type.Null()], {
        'x-error': WIP_LIMIT_ERROR,
      }),
    ),
    wipStrict: Type.Optional(Type.Boolean({ 'x-error': 'Некорректное значение' })),
    version: FormVersion,
  }),
  response: { 200: Column, ...errors(400, 401, 403, 404), 409: ConflictBody('column', Column) },
};

export const MESSAGES = { conflict: 'Колонку изменили', wipLimit: WIP_LIMIT_ERROR } as const;

/** The 409 of a card refused by a full column with a strict limit. */
export const columnFull = (limit: number) => `Колонка заполнена: лимит ${limit}`;

export const COLUMN_ORDER_MISMATCH = { columnOrder: 'Порядок колонок не совпадает с колонками доски' };

export const ReorderColumns = {
  operationId: 'reorderColumns',
  summary: "Change the order of a board's columns",
  ...common,
  params: Type.Object({ boardId: Id }),
  body: Body({ columnOrder: BodyIds(COLUMN_ORDER_MISMATCH.columnOrder, 1000) }),
  response: { 200: Type.Object({ columnOrder: Type.Array(Type.String()) }), ...errors(400, 401, 403, 404) },
};

export const DeleteColumn = {
  operationId: 'deleteColumn',
  summary: 'Delete a column (to the trash)',
  ...common,
  params: Type.Object({ boardId: Id, columnId: Id }),
  response: { 200: Success, ...errors(400, 401, 403, 404) },
};
