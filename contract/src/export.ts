/**
 * A board's export (`format: 'kanban-board', version: 1`): everything on it and in its archive, as one
 * JSON document that moves a board between installations (docs/export-format.md; the JSON Schema in
 * docs/export-format.schema.json is this file's, kept equal by export.test.ts). Ids are the
 * source's and only tie the document together: an import makes new ones.
 */
import { type Static, Type } from 'typebox';
import { BoardSettings } from './boards.js';
import { errors, Id } from './common.js';
import { PRIORITY_VALUES } from './tasks.js';

export const EXPORT_FORMAT = 'kanban-board';
export const EXPORT_VERSION = 1;

const Instant = Type.String({ format: 'date-time' });

export const ExportedMember = Type.Object({
  id: Type.Integer({ description: "the source's user id (negative: an invited address without an account)" }),
  name: Type.String(),
  email: Type.String(),
  role: Type.Enum(['creator', 'member'] as const),
  state: Type.Enum(['member', 'invited', 'removed'] as const),
});

export const ExportedLabel = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  color: Type.String(),
  isMainColor: Type.Boolean(),
});

export const ExportedColumn = Type.Object({
  id: Type.String(),
  name: Type.String(),
  archived: Type.Boolean(),
  wipLimit: Type.Optional(
    Type.Union([Type.Integer({ minimum: 1, maximum: 1000 }), Type.Null()], {
      description: "'Лимит карточек'; absent in older documents: none",
    }),
  ),
  wipStrict: Type.Optional(Type.Boolean({ description: 'absent: false' })),
  /** Its tasks on the board, in order (tasks archived on their own are listed in `tasks` only). */
  taskIds: Type.Array(Type.String()),
});

export const ExportedTask = Type.Object({
  id: Type.String(),
  number: Type.Integer(),
  columnId: Type.String(),
  title: Type.String(),
  description: Type.String(),
  estimation: Type.String(),
  priority: Type.Union([Type.Enum(PRIORITY_VALUES), Type.Null()]),
  assignees: Type.Array(Type.Integer(), { description: 'member ids' }),
  labels: Type.Array(Type.Integer(), { description: 'label ids' }),
  dueAt: Type.Union([Instant, Type.Null()]),
  startAt: Type.Optional(
    Type.Union([Instant, Type.Null()], { description: 'not after dueAt; absent in older documents: none' }),
  ),
  dueDone: Type.Boolean(),
  archived: Type.Boolean({ description: 'archived on its own (a task of an archived column is not)' }),
  createdAt: Instant,
  createdBy: Type.Integer(),
  checklists: Type.Array(
    Type.Object({
      title: Type.String(),
      items: Type.Array(
        Type.Object({
          text: Type.String(),
          done: Type.Boolean(),
          assigneeId: Type.Union([Type.Integer(), Type.Null()]),
        }),
      ),
    }),
  ),
  comments: Type.Array(
    Type.Object({ userId: Type.Integer(), author: Type.String(), text: Type.String(), createdAt: Instant }),
    { description: 'oldest first' },
  ),
  files: Type.Array(
    Type.Object({
      name: Type.String(),
      type: Type.String(),
      size: Type.Integer(),
      path: Type.Optional(Type.String({ description: "in a ZIP export: the file's path in the archive" })),
    }),
  ),
});
export type ExportedTask = Static<typeof ExportedTask>;

export const BoardExport = Type.Object(
  {
    format: Type.Literal(EXPORT_FORMAT),
    version: Type.Literal(EXPORT_VERSION),
    exportedAt: Instant,
    board: BoardSettings,
    members: Type.Array(ExportedMember),
    labels: Type.Array(ExportedLabel),
    columns: Type.Array(ExportedColumn, { description: "the board's order, then archived columns" }),
    tasks: Type.Array(ExportedTask, { description: 'column by column, in order; archived ones after' }),
  },
  { $id: 'https://kanban.example/export-format/v1.json', title: 'Kanban board export, version 1' },
);
export type BoardExport = Static<typeof BoardExport>;

export const EXPORT_FORMATS = ['json', 'csv', 'zip'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The CSV's headers, the import's Russian names, in order. */
export const CSV_HEADERS = [
  'Номер',
  'Название',
  'Описание',
  'Колонка',
  'Метки',
  'Срок',
  'Выполнено',
  'Приоритет',
  'Оценка',
  'Исполнители',
  'В архиве',
] as const;

export const ExportMe = {
  operationId: 'exportMyData',
  summary: "Download the caller's data: a ZIP of the profile and every board they belong to",
  tags: ['export'],
  security: [{ bearer: [] }],
  description:
    '`profile.json` (`format: kanban-account`, the user) and `boards/{id}-{name}.json`, each a board export (version 1).',
  response: {
    200: Type.Unsafe<unknown>({ type: 'string', format: 'binary', description: 'the ZIP, streamed' }),
    ...errors(401),
  },
};

export const ExportBoard = {
  operationId: 'exportBoard',
  summary: 'Download a board: JSON (everything), CSV (a row per task) or ZIP (the JSON with the files)',
  tags: ['export'],
  security: [{ bearer: [] }],
  params: Type.Object({ boardId: Id }),
  querystring: Type.Object({
    format: Type.Optional(Type.Enum(EXPORT_FORMATS, { 'x-error': 'Формат: json, csv или zip' })),
    tz: Type.Optional(
      Type.String({
        maxLength: 64,
        description: "the CSV's dates are written in this IANA zone (Europe/Moscow)",
      }),
    ),
  }),
  response: {
    200: Type.Unsafe<unknown>({ type: 'string', format: 'binary', description: 'the file, streamed' }),
    ...errors(400, 401, 403, 404),
  },
};
