/**
 * The board's archive: tasks and columns taken off the board ('В архив') and kept, with everything
 * they hold, until they are put back ('Вернуть'). Unlike the trash nothing in it is ever purged.
 */
import { type Static, Type } from 'typebox';
import { Body, errors, Id, Success } from './common.js';
import { BodyId } from './ids.js';

const Person = Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]);

export const ArchivedColumn = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** The tasks that are in it (and went with it). */
  tasksCount: Type.Integer(),
  archivedAt: Type.String({ format: 'date-time' }),
  archivedBy: Person,
});
export type ArchivedColumn = Static<typeof ArchivedColumn>;

export const ArchivedTask = Type.Object({
  id: Type.String(),
  number: Type.Integer(),
  title: Type.String(),
  /** Its column (it goes back there); `archived` when the column is in the archive too. */
  column: Type.Object({ id: Type.String(), name: Type.String(), archived: Type.Boolean() }),
  archivedAt: Type.String({ format: 'date-time' }),
  archivedBy: Person,
});
export type ArchivedTask = Static<typeof ArchivedTask>;

export const Archive = Type.Object({
  columns: Type.Array(ArchivedColumn, { description: 'newest first' }),
  tasks: Type.Array(ArchivedTask, { description: 'archived on their own, newest first' }),
});
export type Archive = Static<typeof Archive>;

export const MESSAGES = {
  columnArchived: (name: string) => `Сначала верните колонку «${name}» из архива`,
} as const;

const common = { tags: ['archive'], security: [{ bearer: [] }] };
const Archived = Type.Boolean({ 'x-error': 'Некорректное значение' });

export const ArchiveTask = {
  operationId: 'archiveTask',
  summary: 'Take a task off the board into the archive, or put it back in its place',
  ...common,
  description:
    'Back (`archived: false`) into its column at its last place; 409 while its column is in the archive too, or when its strict limit is reached.',
  body: Body({ boardId: BodyId(), taskId: BodyId(), archived: Archived }),
  response: { 200: Success, ...errors(400, 401, 403, 404, 409) },
};

export const ArchiveColumn = {
  operationId: 'archiveColumn',
  summary: 'Take a column with its tasks off the board into the archive, or put it back in its place',
  ...common,
  body: Body({ boardId: BodyId(), columnId: BodyId(), archived: Archived }),
  response: { 200: Success, ...errors(400, 401, 403, 404) },
};

export const GetArchive = {
  operationId: 'getArchive',
  summary: "The board's archived columns and tasks",
  ...common,
  params: Type.Object({ boardId: Id }),
  response: { 200: Archive, ...errors(400, 401, 403, 404) },
};
