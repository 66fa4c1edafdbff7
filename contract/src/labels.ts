import { type Static, Type } from 'typebox';
import { Body, Color, errors, Id, Success } from './common.js';
import { ConflictBody, FormVersion } from './revisions.js';

export const Label = Type.Object({
  id: Type.Integer(),
  boardId: Type.Integer(),
  title: Type.String(),
  color: Type.String(),
  isMainColor: Type.Boolean(),
  version: Type.Integer({ description: 'grows with each edit' }),
});
export type Label = Static<typeof Label>;

export const DEFAULT_LABEL_COLOR = '#123456';

export const MESSAGES = { conflict: 'Метку изменили' } as const;

const Title = Type.String({ minLength: 1, maxLength: 100, 'x-error': 'Введите название метки' });

const common = { tags: ['labels'], security: [{ bearer: [] }] };

export const CreateLabel = {
  operationId: 'createLabel',
  summary: 'Add a label to a board',
  ...common,
  params: Type.Object({ boardId: Id }),
  body: Body({ title: Title, color: Type.Optional(Color) }),
  response: { 200: Label, ...errors(400, 401, 403, 404) },
};

export const EditLabel = {
  operationId: 'editLabel',
  summary: "Change a label's name or colour",
  ...common,
  params: Type.Object({ boardId: Id, labelId: Id }),
  body: Body({
    title: Title,
    color: Color,
    isMainColor: Type.Boolean({ 'x-error': 'Некорректное значение' }),
    version: FormVersion,
  }),
  response: { 200: Label, ...errors(400, 401, 403, 404), 409: ConflictBody('label', Label) },
};

export const DeleteLabel = {
  operationId: 'deleteLabel',
  summary: 'Delete a label',
  ...common,
  params: Type.Object({ boardId: Id, labelId: Id }),
  response: { 200: Success, ...errors(400, 401, 403, 404) },
};
