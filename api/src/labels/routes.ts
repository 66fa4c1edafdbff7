import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { preValidationHookHandler } from 'fastify';
import { changeBoard } from '../boards/access.js';
import { notFound } from '../errors.js';
import { normalize } from '../schemas.js';
import { createLabel, deleteLabel, updateLabel } from './repository.js';
import { CreateLabel, DEFAULT_LABEL_COLOR, DeleteLabel, EditLabel } from './schemas.js';

const normalizeLabel: preValidationHookHandler = normalize({ title: 'trim', color: 'lower' });

const labelRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const change = (boardId: number, userId: number) => ({ boardId, userId, change: 'labels' as const });

  app.post('/:boardId', { schema: CreateLabel, preValidation: normalizeLabel }, async (request) => {
    const boardId = request.params.boardId;
    const { title, color = DEFAULT_LABEL_COLOR } = request.body;
    return changeBoard(app, change(boardId, request.user.id), (trx) =>
      createLabel(trx, boardId, { title, color }),
    );
  });

  app.put('/:boardId/:labelId', { schema: EditLabel, preValidation: normalizeLabel }, async (request) => {
    const boardId = request.params.boardId;
    const labelId = request.params.labelId;
    return changeBoard(app, change(boardId, request.user.id), async (trx) => {
      const label = await updateLabel(trx, boardId, labelId, request.body);
      if (!label) throw notFound();
      return label;
    });
  });

  app.delete('/:boardId/:labelId', { schema: DeleteLabel }, async (request) => {
    const boardId = request.params.boardId;
    const labelId = request.params.labelId;
    return changeBoard(app, change(boardId, request.user.id), async (trx) => {
      if (!(await deleteLabel(trx, boardId, labelId))) throw notFound();
      return { success: true as const };
    });
  });
};

export default labelRoutes;
