import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ArchiveColumn } from 'contract/archive';
import {
  COLUMN_ORDER_MISMATCH,
  CreateColumn,
  DeleteColumn,
  EditColumn,
  MESSAGES,
  ReorderColumns,
} from 'contract/columns';
import { toId } from 'contract/ids';
import { changeBoard, changeOf } from '../board-change/change-board.js';
import { saveVersioned } from '../board-change/revisions.js';
import { trashThenDelete } from '../board-change/trash-entries.js';
import { HttpError, notFound } from '../errors.js';
import { normalize } from '../schemas.js';
import {
  archiveColumn,
  columnOrder,
  columnTaskIds,
  createColumn,
  deleteColumn,
  findColumn,
  findColumnName,
  setColumnOrder,
  unarchiveColumn,
  updateColumn,
} from './repository.js';

const columnRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const change = changeOf('columns');

  app.post(
    '/',
    { schema: CreateColumn, preValidation: normalize({ name: 'trim' }) },
    async (request, reply) => {
      const boardId = toId(request.body.boardId);
      const userId = request.user.id;
      return changeBoard(app, change(boardId, userId, reply), async (trx, _version, _board, changes) => {
        const column = await createColumn(trx, boardId, request.body.name, userId);
        changes
          .column(Number(column.id))
          .columnOrder()
          .record('column.created', { columnId: Number(column.id), columnName: column.name });
        return column;
      });
    },
  );

  // With `version`, as PUT /api/task/edit: a name changed meanwhile to another one is a 409. The limit
  // (optional, omitted: unchanged) is a setting, not merged: the last save wins.
  app.put(
    '/edit/:boardId/:columnId',
    { schema: EditColumn, preValidation: normalize({ name: 'trim' }) },
    async (request, reply) => {
      const { boardId, columnId } = request.params;
      const { name, version, wipLimit, wipStrict } = request.body;
      const userId = request.user.id;
      return changeBoard(app, change(boardId, userId, reply), async (trx, _version, _board, changes) => {
        const current = await findColumn(trx, boardId, columnId);
        if (!current) throw notFound();
        const save = await saveVersioned(trx, {
          entity: 'column',
          entityId: columnId,
          version,
          current: { name: current.name },
          mine: { name },
          message: MESSAGES.conflict,
          current409: () => ({ column: current }),
        });
        changes.column(columnId);
        const next = {
          name: save.fields.name,
          wipLimit: wipLimit === undefined ? current.wipLimit : wipLimit,
          wipStrict: wipStrict ?? current.wipStrict,
        };
        if (!save.changed && next.wipLimit === current.wipLimit && next.wipStrict === current.wipStrict)
          return current;
        const renamed = await updateColumn(trx, current, next, userId);
        if (renamed.name !== current.name) {
          changes.record('column.renamed', {
            columnId,
            columnName: renamed.name,
            data: { from: current.name, to: renamed.name },
          });
        }
        return renamed;
      });
    },
  );

  app.put('/reorder/:boardId', { schema: ReorderColumns }, async (request, reply) => {
    const boardId = request.params.boardId;
    const wanted = request.body.columnOrder.map(toId);
    return changeBoard(
      app,
      change(boardId, request.user.id, reply),
      async (trx, _version, _board, changes) => {
        const current = new Set(await columnOrder(trx, boardId));
        const permutation =
          wanted.length === current.size &&
          new Set(wanted).size === wanted.length &&
          wanted.every((id) => current.has(id));
        if (!permutation) throw new HttpError(400, COLUMN_ORDER_MISMATCH);
        await setColumnOrder(trx, boardId, wanted);
        changes.columnOrder().record('columns.reordered');
        return { columnOrder: wanted.map(String) };
      },
    );
  });

  app.delete('/delete/:boardId/:columnId', { schema: DeleteColumn }, async (request, reply) => {
    const boardId = request.params.boardId;
    const columnId = request.params.columnId;
    const userId = request.user.id;
    // The column with its tasks goes to the board's trash first (board-change/trash-entries.ts): their files'
    // objects stay in storage until the trash entry is emptied or purged.
    return changeBoard(app, change(boardId, userId, reply), async (trx, _version, _board, changes) => {
      const current = await findColumn(trx, boardId, columnId);
      if (!current) throw notFound();
      await trashThenDelete(trx, { boardId, userId, kind: 'column', id: columnId }, () =>
        deleteColumn(trx, boardId, columnId),
      );
      changes.removeColumn(columnId).record('column.deleted', {
        columnId,
        columnName: current.name,
        data: { name: current.name },
      });
      return { success: true as const };
    });
  });

  /** 'В архив' and 'Вернуть' of a column with its tasks: off the board and back to its place, live. */
  app.put('/archive', { schema: ArchiveColumn }, async (request, reply) => {
    const { body } = request;
    const boardId = toId(body.boardId);
    const columnId = toId(body.columnId);
    const userId = request.user.id;
    return changeBoard(app, change(boardId, userId, reply), async (trx, _version, _board, changes) => {
      const name = await findColumnName(trx, boardId, columnId);
      if (name === null) throw notFound();
      // Its tasks are the same before and after: those not archived on their own.
      const taskIds = await columnTaskIds(trx, columnId);
      const done = body.archived
        ? await archiveColumn(trx, boardId, columnId, userId)
        : await unarchiveColumn(trx, boardId, columnId);
      if (!done) throw notFound();
      for (const taskId of taskIds) changes.task(taskId);
      changes
        .column(columnId)
        .columnOrder()
        .record(body.archived ? 'column.archived' : 'column.unarchived', {
          columnId,
          columnName: name,
          data: { name, tasksCount: taskIds.length },
        });
      return { success: true as const };
    });
  });
};

export default columnRoutes;
