import { type Static, Type } from 'typebox';
import { Body, errors, Id, Success } from './common.js';
import { BodyId, BodyIds } from './ids.js';
import { ConflictBody, FormVersion } from './revisions.js';

export const Column = Type.Object({
  id: Type.String(),
  boardId: Type.Integer(),
  name: Type.String(),
  taskIds: Type.Array(Type.String()),
  version: Type.Integer({ description: 'grows with each rename' }),
});
export type Column = Static<typeof Column>;

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
  summary: 'Rename a column',
  ...common,
  params: Type.Object({ boardId: Id, columnId: Id }),
  body: Body({ name: ColumnName, version: FormVersion }),
  response: { 200: Column, ...errors(400, 401, 403, 404), 409: ConflictBody('column', Column) },
};

export const MESSAGES = { conflict: 'Колонку изменили' } as const;

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
