/**
 * Bringing a board in from a file: a Trello board's JSON export, a CSV of tasks, or this service's own
 * export (export.ts). The file is first described (`POST /api/import/preview`: what it is, how much it
 * holds, whose names are in it), then imported by a background job (`POST /api/import` -> 202) whose
 * state, progress and report the importer polls (`GET /api/import/{id}`). The board appears whole when
 * the job is done, or not at all.
 */
import { type Static, Type } from 'typebox';
import { errors } from './common.js';

export const IMPORT_FORMATS = ['trello', 'csv', 'kanban'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** The largest file an import takes. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

/** A person named in the source, to be mapped to an e-mail to invite (or to nobody). */
export const SourceMember = Type.Object({
  /** The source's id for them: what `members` of POST /api/import is keyed by. */
  id: Type.String(),
  name: Type.String(),
  /** Known in our own export and in CSV (where assignees are e-mails): offered as the mapping. */
  email: Type.Union([Type.String(), Type.Null()]),
});
export type SourceMember = Static<typeof SourceMember>;

export const ImportPreview = Type.Object({
  format: Type.Enum(IMPORT_FORMATS),
  /** The source board's name (for CSV: the file's name without its extension). */
  name: Type.String(),
  columns: Type.Integer(),
  tasks: Type.Integer(),
  members: Type.Array(SourceMember),
});
export type ImportPreview = Static<typeof ImportPreview>;

export const Skipped = Type.Object({
  what: Type.String({ description: "what was left out, in Russian ('Пользовательские поля', 'Строка 7')" }),
  why: Type.String(),
});
export type Skipped = Static<typeof Skipped>;

export const ImportReport = Type.Object({
  columns: Type.Integer(),
  tasks: Type.Integer(),
  archivedColumns: Type.Integer(),
  archivedTasks: Type.Integer(),
  labels: Type.Integer(),
  checklists: Type.Integer(),
  checklistItems: Type.Integer(),
  comments: Type.Integer(),
  dueDates: Type.Integer(),
  /** The e-mails invited to the board. */
  invited: Type.Array(Type.String()),
  skipped: Type.Array(Skipped),
});
export type ImportReport = Static<typeof ImportReport>;

export const IMPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

/** What the import does now, for the progress line ('Карточки: 3 400 из 10 000'). */
export const ImportStage = Type.Object({
  name: Type.Enum(['reading', 'columns', 'tasks', 'checklists', 'comments', 'finishing'] as const),
  done: Type.Integer(),
  total: Type.Integer(),
});
export type ImportStage = Static<typeof ImportStage>;

export const ImportJob = Type.Object({
  id: Type.String({ format: 'uuid' }),
  state: Type.Enum(IMPORT_STATES),
  progress: Type.Number({ minimum: 0, maximum: 1 }),
  stage: Type.Union([ImportStage, Type.Null()]),
  boardId: Type.Optional(Type.Integer()),
  report: Type.Optional(ImportReport),
  error: Type.Optional(Type.String()),
});
export type ImportJob = Static<typeof ImportJob>;

export const MESSAGES = {
  noFile: 'Выберите файл',
  tooLarge: 'Файл больше 50 МБ',
  unknownFormat: 'Это не экспорт Trello, не CSV с колонкой «Название» и не экспорт доски',
  wrongFormat: (format: string) => `Файл не похож на формат ${format}`,
  broken: 'Файл повреждён или обрезан: доска не создана',
  members: 'Некорректное сопоставление участников',
  email: (email: string) => `Некорректный адрес: ${email}`,
  tz: 'Неизвестный часовой пояс',
  failed: 'Импорт не удался: доска не создана',
} as const;

const common = { tags: ['import'], security: [{ bearer: [] }] };
const Multipart = {
  consumes: ['multipart/form-data'],
  description:
    'multipart/form-data: `file` (at most 50 MB); optional `format` (trello | csv | kanban, detected when absent), `name`, `members` (JSON: source member id -> e-mail) and `tz` (IANA zone for dates written without one).',
};

export const PreviewImport = {
  operationId: 'previewImport',
  summary: 'Recognise and describe an import file without writing anything',
  ...common,
  ...Multipart,
  response: { 200: ImportPreview, ...errors(400, 401, 413) },
};

export const StartImport = {
  operationId: 'startImport',
  summary: 'Import a board from a file in the background',
  ...common,
  ...Multipart,
  response: { 202: Type.Object({ id: Type.String({ format: 'uuid' }) }), ...errors(400, 401, 413) },
};

export const GetImport = {
  operationId: 'getImport',
  summary: "An import's state, progress and report (its importer only)",
  ...common,
  params: Type.Object({ id: Type.String({ format: 'uuid', 'x-error': 'Некорректный идентификатор' }) }),
  response: { 200: ImportJob, ...errors(400, 401, 404) },
};
