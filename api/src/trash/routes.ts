import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { toId } from 'contract/ids';
import type { BoardChange } from 'contract/realtime';
import { EmptyTrash, ListTrash, RestoreTrash, type TrashKind } from 'contract/trash';
import type { Kysely } from 'kysely';
import { requireBoardMember } from '../board-change/access.js';
import { changeBoard, changeOf } from '../board-change/change-board.js';
import type { BoardChanges } from '../board-change/changes.js';
import {
  type ColumnSnapshot,
  type CommentSnapshot,
  emptyTrash,
  type LabelSnapshot,
  listTrash,
  type TaskSnapshot,
  takeEntry,
} from '../board-change/trash-entries.js';
import type { Database } from '../database.js';
import { HttpError, notFound } from '../errors.js';
import { restoreColumn, restoreComment, restoreLabel, restoreTask } from './restore.js';

/** A 409 telling what must come back first. */
const first = (what: 'колонку' | 'задачу', name: string) =>
  new HttpError(409, { message: `Сначала восстановите ${what} «${name}»` });

const CHANGE: Record<TrashKind, BoardChange> = {
  task: 'tasks',
  column: 'columns',
  label: 'labels',
  comment: 'comments',
};

/** Puts the entry's rows back and records what came back for the patch and the activity. */
async function restoreEntry(
  trx: Kysely<Database>,
  { boardId, userId, kind, snapshot }: { boardId: number; userId: number; kind: TrashKind; snapshot: object },
  changes: BoardChanges,
): Promise<void> {
  if (kind === 'task') {
    const result = await restoreTask(trx, boardId, snapshot as TaskSnapshot, userId);
    if ('missing' in result) throw first('колонку', result.missing);
    const { taskId, columnId } = result.ok;
    changes.task(taskId).column(columnId).record('task.restored', { taskId, columnId });
  } else if (kind === 'column') {
    const column = snapshot as ColumnSnapshot;
    const { columnId, taskIds } = await restoreColumn(trx, boardId, column, userId);
    for (const taskId of taskIds) changes.task(taskId);
    changes
      .column(columnId)
      .columnOrder()
      .record('column.restored', {
        columnId,
        data: { name: column.column.name, tasksCount: taskIds.length },
      });
  } else if (kind === 'label') {
    const label = snapshot as LabelSnapshot;
    const taskIds = await restoreLabel(trx, boardId, label, userId);
    for (const taskId of taskIds) changes.task(taskId);
    changes.label(label.label.id).record('label.restored', { data: { title: label.label.title } });
  } else {
    const comment = snapshot as CommentSnapshot;
    const result = await restoreComment(trx, boardId, comment);
    if ('missing' in result) throw first('задачу', result.missing);
    const { taskId } = result.ok;
    changes.task(taskId).record('comment.restored', {
      taskId,
      data: { commentId: comment.comment.id, text: comment.comment.text },
    });
  }
}

/**
 * The board's trash (board-change/trash-entries.ts has the design): list, restore, empty. Members list and
 * restore; only the board's creator empties it. An outsider's malformed call is 403 before any
 * payload message (errors.ts).
 */
const trashRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/:boardId', { schema: ListTrash }, async (request) => {
    await requireBoardMember(app, request.params.boardId, request.user.id);
    return listTrash(app.db, request.params.boardId);
  });

  app.post('/:boardId/restore', { schema: RestoreTrash }, async (request, reply) => {
    const boardId = request.params.boardId;
    const { kind } = request.body;
    const itemId = toId(request.body.id);
    const userId = request.user.id;
    const change = changeOf(CHANGE[kind])(boardId, userId, reply);
    return changeBoard(app, change, async (trx, _version, _board, changes) => {
      const snapshot = await takeEntry(trx, boardId, kind, itemId);
      if (!snapshot) throw notFound();
      // Throwing rolls back the take too: a refused restore leaves the entry in the trash.
      await restoreEntry(trx, { boardId, userId, kind, snapshot }, changes);
      return { success: true as const };
    });
  });

  app.delete('/:boardId', { schema: EmptyTrash }, async (request, reply) => {
    const boardId = request.params.boardId;
    // The trash is not in the board detail: announced as 'files' (its objects go), the patch
    // carrying only the activity row.
    const { fileKeys } = await changeBoard(
      app,
      { boardId, userId: request.user.id, change: 'files', reply },
      async (trx, _version, _board, changes) => {
        const emptied = await emptyTrash(trx, boardId);
        if (emptied.count > 0) changes.record('trash.emptied', { data: { count: emptied.count } });
        return emptied;
      },
    );
    // The rows are gone; their objects go once that is committed.
    await app.storage.removeMany(fileKeys);
    return { success: true as const };
  });
};

export default trashRoutes;
