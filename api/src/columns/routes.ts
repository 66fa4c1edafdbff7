import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { changeBoard } from '../boards/access.js';
import { HttpError, notFound } from '../errors.js';
import { fileKeysOf } from '../files/repository.js';
import { toId } from '../ids.js';
import { normalize } from '../schemas.js';
import { columnOrder, createColumn, deleteColumn, renameColumn, setColumnOrder } from './repository.js';
import { COLUMN_ORDER_MISMATCH, CreateColumn, DeleteColumn, EditColumn, ReorderColumns } from './schemas.js';

const columnRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const change = (boardId: number, userId: number) => ({ boardId, userId, change: 'columns' as const });

  app.post('/', { schema: CreateColumn, preValidation: normalize({ name: 'trim' }) }, async (request) => {
    const boardId = toId(request.body.boardId);
    return changeBoard(app, change(boardId, request.user.id), (trx) =>
      createColumn(trx, boardId, request.body.name),
    );
  });

  app.put(
    '/edit/:boardId/:columnId',
    { schema: EditColumn, preValidation: normalize({ name: 'trim' }) },
    async (request) => {
      const boardId = request.params.boardId;
      const columnId = request.params.columnId;
      return changeBoard(app, change(boardId, request.user.id), async (trx) => {
        const column = await renameColumn(trx, boardId, columnId, request.body.name);
        if (!column) throw notFound();
        return column;
      });
    },
  );

  app.put('/reorder/:boardId', { schema: ReorderColumns }, async (request) => {
    const boardId = request.params.boardId;
    const wanted = request.body.columnOrder.map(toId);
    return changeBoard(app, change(boardId, request.user.id), async (trx) => {
      const current = new Set(await columnOrder(trx, boardId));
      const permutation =
        wanted.length === current.size &&
        new Set(wanted).size === wanted.length &&
        wanted.every((id) => current.has(id));
      if (!permutation) throw new HttpError(400, COLUMN_ORDER_MISMATCH);
      await setColumnOrder(trx, boardId, wanted);
      return { columnOrder: wanted.map(String) };
    });
  });

  app.delete('/delete/:boardId/:columnId', { schema: DeleteColumn }, async (request) => {
    const boardId = request.params.boardId;
    const columnId = request.params.columnId;
    const fileKeys = await changeBoard(app, change(boardId, request.user.id), async (trx) => {
      const keys = await fileKeysOf(trx, { columnId });
      if (!(await deleteColumn(trx, boardId, columnId))) throw notFound();
      return keys;
    });
    // The rows went with the column's tasks; their objects go once that is committed.
    await app.storage.removeMany(fileKeys);
    return { success: true as const };
  });
};

export default columnRoutes;
