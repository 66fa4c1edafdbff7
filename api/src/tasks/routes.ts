import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MESSAGES as ARCHIVE_MESSAGES, ArchiveTask } from 'contract/archive';
import { IMAGE_TYPES } from 'contract/files';
import { toId, toIds } from 'contract/ids';
import { CreateTask, DeleteTask, EditTask, GetTask, MESSAGES, MoveTask, SetCover } from 'contract/tasks';
import type { preValidationHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import { requireBoardMember } from '../board-change/access.js';
import { countAssignable } from '../board-change/access-repository.js';
import { columnNames, fieldChanges } from '../board-change/activity.js';
import { changeBoard, changeOf } from '../board-change/change-board.js';
import { saveVersioned } from '../board-change/revisions.js';
import { trashThenDelete } from '../board-change/trash-entries.js';
import { columnExists, requireRoom } from '../columns/index.js';
import type { Database } from '../database.js';
import { type ErrorBody, HttpError, notFound } from '../errors.js';
import { findFile } from '../files/index.js';
import { countBoardLabels } from '../labels/index.js';
import {
  archiveTask,
  createTask,
  deleteTask,
  findCover,
  findTaskDetail,
  findTaskFields,
  findTasks,
  moveTask,
  setCover,
  TASK_FIELD_DEFAULTS,
  type TaskFields,
  unarchiveTask,
  updateTask,
} from './repository.js';

/** Trims the title; an estimation sent as a number becomes text, a decimal comma a point. */
const normalizeTask: preValidationHookHandler = async (request) => {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
  const record = body as Record<string, unknown>;
  if (typeof record.title === 'string') record.title = record.title.trim();
  const estimation = record.estimation;
  if (typeof estimation === 'number' && Number.isFinite(estimation)) record.estimation = String(estimation);
  if (typeof estimation === 'string') record.estimation = estimation.trim().replace(',', '.');
};

/** An instant as the API shows it (ISO 8601 in UTC, milliseconds), or null; 400 for a date that does not exist. */
function instant(value: string | null, field: 'dueAt' | 'startAt' = 'dueAt'): string | null {
  if (value === null) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() > 9999)
    throw new HttpError(400, { [field]: MESSAGES[field] });
  return date.toISOString();
}

/** 400 naming every field that points outside the board: column, assignees, labels. */
async function checkReferences(
  db: Kysely<Database>,
  boardId: number,
  refs: { columnId: number; assignees: number[]; labels: number[] },
): Promise<void> {
  const errors: ErrorBody = {};
  if (!(await columnExists(db, boardId, refs.columnId))) errors.columnId = MESSAGES.column;
  if ((await countAssignable(db, boardId, refs.assignees)) !== refs.assignees.length) {
    errors.assignees = MESSAGES.assignees;
  }
  if ((await countBoardLabels(db, boardId, refs.labels)) !== refs.labels.length) {
    errors.labels = MESSAGES.labels;
  }
  if (Object.keys(errors).length > 0) throw new HttpError(400, errors);
}

/** The task edit's fields as task.edited names them. */
const TASK_FIELDS = [
  'title',
  'description',
  'estimation',
  'priority',
  'columnId',
  'assignees',
  'labels',
  'dueAt',
  'startAt',
  'dueDone',
] as const;

const taskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const change = changeOf('tasks');

  app.post('/create', { schema: CreateTask, preValidation: normalizeTask }, async (request, reply) => {
    const { body } = request;
    const boardId = toId(body.boardId);
    const task = {
      columnId: toId(body.columnId),
      title: body.title,
      priority: body.priority ?? null,
      assignees: toIds(body.assignees ?? []),
      labels: toIds(body.labels ?? []),
    };
    const userId = request.user.id;
    return changeBoard(app, change(boardId, userId, reply), async (trx, _version, _board, changes) => {
      await checkReferences(trx, boardId, task);
      await requireRoom(trx, boardId, task.columnId);
      const created = await createTask(trx, boardId, userId, task);
      changes
        .task(Number(created.id))
        .column(task.columnId)
        .record('task.created', { taskId: Number(created.id), columnId: task.columnId });
      return created;
    });
  });

  app.get('/:boardId/:taskId', { schema: GetTask }, async (request) => {
    const boardId = request.params.boardId;
    await requireBoardMember(app, boardId, request.user.id);
    const task = await findTaskDetail(app.db, boardId, request.params.taskId, request.user.id);
    if (!task) throw notFound();
    return task;
  });

  // With `version`, a save made from an older copy changes only the fields the form changed, and a
  // field someone else changed meanwhile to another value answers 409 (board-change/revisions.ts).
  app.put('/edit', { schema: EditTask, preValidation: normalizeTask }, async (request, reply) => {
    const { body } = request;
    const boardId = toId(body.boardId);
    const taskId = toId(body.taskId);
    const userId = request.user.id;
    const mine: Partial<TaskFields> = {
      columnId: String(toId(body.columnId)),
      title: body.title,
      description: body.description,
      estimation: body.estimation,
      priority: body.priority,
      assignees: toIds(body.assignees),
      labels: toIds(body.labels),
      // Omitted: unchanged (an old client's save keeps the due date).
      ...(body.dueDone !== undefined && { dueDone: body.dueDone }),
    };
    return changeBoard(app, change(boardId, userId, reply), async (trx, _version, _board, changes) => {
      if (body.dueAt !== undefined) mine.dueAt = instant(body.dueAt);
      if (body.startAt !== undefined) mine.startAt = instant(body.startAt, 'startAt');
      const current = await findTaskFields(trx, boardId, taskId);
      if (!current) throw notFound();
      const save = await saveVersioned(trx, {
        entity: 'task',
        entityId: taskId,
        version: body.version,
        current: current.fields,
        mine,
        defaults: TASK_FIELD_DEFAULTS,
        message: MESSAGES.conflict,
        current409: async () => ({ task: await findTaskDetail(trx, boardId, taskId, userId) }),
      });
      const next = save.fields;
      // Checked on the merged fields: a start sent alone must not pass someone else's new due date.
      if (next.startAt !== null && next.dueAt !== null && next.startAt > next.dueAt)
        throw new HttpError(400, { startAt: MESSAGES.startAfterDue });
      await checkReferences(trx, boardId, {
        columnId: Number(next.columnId),
        assignees: next.assignees,
        labels: next.labels,
      });
      if (next.columnId !== current.fields.columnId) await requireRoom(trx, boardId, Number(next.columnId));
      const task = await updateTask(trx, boardId, taskId, current, next, userId);
      changes.task(taskId);
      const edited = fieldChanges(current.fields, next, TASK_FIELDS);
      if (edited.length > 0) {
        changes.record('task.edited', {
          taskId,
          taskTitle: current.fields.title,
          columnId: Number(next.columnId),
          data: { changes: edited },
        });
      }
      if (next.columnId !== current.fields.columnId)
        changes.column(Number(current.fields.columnId), Number(next.columnId));
      return task;
    });
  });

  app.delete('/delete/:boardId/:taskId', { schema: DeleteTask }, async (request, reply) => {
    const boardId = request.params.boardId;
    const taskId = request.params.taskId;
    const userId = request.user.id;
    // The task goes to the board's trash first (board-change/trash-entries.ts): its files' objects stay in
    // storage until the trash entry is emptied or purged.
    return changeBoard(app, change(boardId, userId, reply), async (trx, _version, _board, changes) => {
      const current = await findTaskFields(trx, boardId, taskId);
      const columnId = await trashThenDelete(trx, { boardId, userId, kind: 'task', id: taskId }, () =>
        deleteTask(trx, boardId, taskId),
      );
      changes
        .removeTask(taskId)
        .column(columnId)
        .record('task.deleted', { taskId, taskTitle: current?.fields.title ?? '', columnId });
      return { success: true as const };
    });
  });

  app.put('/move', { schema: MoveTask }, async (request, reply) => {
    const { body } = request;
    const boardId = toId(body.boardId);
    const taskId = toId(body.taskId);
    const columnId = toId(body.newColumnId);
    const listed = toIds(body.newColumnTaskIds);
    const userId = request.user.id;
    return changeBoard(app, change(boardId, userId, reply), async (trx, _version, _board, changes) => {
      if (!listed.includes(taskId)) throw new HttpError(400, { taskId: MESSAGES.notInList });
      // A strict limit refuses a card from another column; a move inside the column only reorders.
      const [before] = await findTasks(trx, boardId, [taskId]);
      if (before && before.columnId !== String(columnId)) await requireRoom(trx, boardId, columnId);
      const result = await moveTask(trx, boardId, taskId, columnId, listed, userId);
      if (result === 'unknown-task') throw notFound();
      if (result === 'unknown-column') throw new HttpError(400, { newColumnId: MESSAGES.column });
      changes.task(taskId).column(result.from, columnId);
      // A move inside its column only reorders: not recorded.
      if (result.from !== columnId) {
        const names = await columnNames(trx, [result.from, columnId]);
        changes.record('task.moved', {
          taskId,
          columnId,
          data: {
            from: { id: String(result.from), name: names.get(result.from) ?? '' },
            to: { id: String(columnId), name: names.get(columnId) ?? '' },
          },
        });
      }
      return { success: true as const };
    });
  });

  /** 'В архив' and 'Вернуть': off the board and back to its place, live, in the activity. */
  app.put('/archive', { schema: ArchiveTask }, async (request, reply) => {
    const { body } = request;
    const boardId = toId(body.boardId);
    const taskId = toId(body.taskId);
    return changeBoard(
      app,
      change(boardId, request.user.id, reply),
      async (trx, _version, _board, changes) => {
        const userId = request.user.id;
        let columnId: number;
        if (body.archived) {
          const from = await archiveTask(trx, boardId, taskId, userId);
          if (from === null) throw notFound();
          columnId = from;
        } else {
          const back = await unarchiveTask(trx, boardId, taskId, (into) => requireRoom(trx, boardId, into));
          if (back === 'unknown') throw notFound();
          if ('columnArchived' in back)
            throw new HttpError(409, { message: ARCHIVE_MESSAGES.columnArchived(back.columnArchived) });
          columnId = back.columnId;
        }
        changes
          .task(taskId)
          .column(columnId)
          .record(body.archived ? 'task.archived' : 'task.unarchived', { taskId, columnId });
        return { success: true as const };
      },
    );
  });

  /** 'Сделать обложкой' / 'Убрать обложку': one of the task's images on its card, or none. */
  app.put('/cover/:boardId/:taskId', { schema: SetCover }, async (request, reply) => {
    const { boardId, taskId } = request.params;
    const { fileId } = request.body;
    const userId = request.user.id;
    return changeBoard(app, change(boardId, userId, reply), async (trx, _version, _board, changes) => {
      const current = await findTaskFields(trx, boardId, taskId);
      if (!current) throw notFound();
      const file = fileId === null ? null : await findFile(trx, fileId);
      const image = (IMAGE_TYPES as readonly string[]).includes(file?.type ?? '');
      if (fileId !== null && (!file || file.taskId !== taskId || file.boardId !== boardId || !image))
        throw new HttpError(400, { fileId: MESSAGES.cover });
      const before = await findCover(trx, taskId);
      if ((before?.id ?? null) !== fileId) {
        await setCover(trx, taskId, fileId);
        changes.task(taskId).record('task.edited', {
          taskId,
          taskTitle: current.fields.title,
          columnId: Number(current.fields.columnId),
          data: { changes: [{ field: 'cover', from: before?.name ?? null, to: file?.name ?? null }] },
        });
      }
      return (await findTaskDetail(trx, boardId, taskId, userId))!;
    });
  });
};

export default taskRoutes;
