/**
 * Board templates ('Сохранить как шаблон' in the board menu; the create-board modal offers 'Пустая',
 * the user's templates and the built-in ones). A saved template keeps a board's columns and labels,
 * and with `withTasks` its cards with their checklists: never comments, files, members or assignees.
 * Ids are strings: a built-in's name ('kanban', 'sprint', 'hiring', 'personal') or a saved
 * template's number in digits ('42'). `POST /api/board` takes one as `templateId`.
 */
import { type Static, Type } from 'typebox';
import { Body, errors, Success } from './common.js';
import { BodyId } from './ids.js';

export const BUILT_IN_TEMPLATES = ['kanban', 'sprint', 'hiring', 'personal'] as const;
export type BuiltInTemplate = (typeof BUILT_IN_TEMPLATES)[number];

/** How many templates one user may keep. */
export const MAX_TEMPLATES = 100;

export const MESSAGES = {
  name: 'Введите название шаблона',
  unknown: 'Шаблон не найден',
  builtIn: 'Встроенный шаблон удалить нельзя',
  tooMany: `Не больше ${MAX_TEMPLATES} шаблонов: удалите ненужные`,
  withTasks: 'Некорректное значение',
} as const;

export const TemplateId = Type.String({
  pattern: '^([a-z]{1,30}|[1-9][0-9]{0,9})$',
  description: "a built-in's name ('kanban', 'sprint', 'hiring', 'personal') or a saved template's digits",
  'x-error': MESSAGES.unknown,
});

export const Template = Type.Object({
  id: Type.String(),
  name: Type.String(),
  builtIn: Type.Boolean(),
  /** The names of its columns, in order (a preview for the create-board modal). */
  columns: Type.Array(Type.String()),
  labels: Type.Integer(),
  /** Its cards (0: a template without cards). */
  tasks: Type.Integer(),
  /** When it was saved; null for a built-in. */
  createdAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type Template = Static<typeof Template>;

const common = { tags: ['templates'], security: [{ bearer: [] }] };

export const ListTemplates = {
  operationId: 'listTemplates',
  summary: "The caller's templates (newest first), then the built-in ones",
  ...common,
  response: { 200: Type.Array(Template), ...errors(401) },
};

export const SaveTemplate = {
  'x-board-action': 'view',
  operationId: 'saveTemplate',
  summary: 'Save a board as a template: its columns and labels, with `withTasks` its cards and checklists',
  description:
    'Any role that may read the board may save it. Comments, files, members, assignees and the archive are never kept; checklists are kept unticked.',
  ...common,
  body: Body({
    boardId: BodyId(),
    name: Type.String({ minLength: 1, maxLength: 100, 'x-error': MESSAGES.name }),
    withTasks: Type.Optional(Type.Boolean({ 'x-error': MESSAGES.withTasks })),
  }),
  response: { 200: Template, ...errors(400, 401, 403, 404) },
};

export const DeleteTemplate = {
  operationId: 'deleteTemplate',
  summary: 'Delete one of the caller’s templates',
  description: "Only its owner; a built-in answers 400 `{ id }`, someone else's or an unknown one 404.",
  ...common,
  params: Type.Object({ id: TemplateId }),
  response: { 200: Success, ...errors(400, 401, 404) },
};
