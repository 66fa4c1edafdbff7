/**
 * GET /api/templates, POST /api/templates (save a board as a template) and DELETE
 * /api/templates/{id}. Saving needs only read access to the board: a template copies no people and
 * no comments, nothing a reader could not copy by hand. A template is its owner's alone.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MAX_ID } from 'contract/common';
import { toId } from 'contract/ids';
import { DeleteTemplate, ListTemplates, MAX_TEMPLATES, MESSAGES, SaveTemplate } from 'contract/templates';
import { requireBoardAccess } from '../board-change/access.js';
import { HttpError, notFound } from '../errors.js';
import { normalize } from '../schemas.js';
import { BUILT_IN, builtInSummary, findBuiltIn } from './built-in.js';
import { templateSnapshot } from './make.js';
import { countTemplates, deleteTemplate, insertTemplate, listTemplates } from './repository.js';

const templateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/', { schema: ListTemplates }, async (request) => [
    ...(await listTemplates(app.db, request.user.id)),
    ...BUILT_IN.map(builtInSummary),
  ]);

  app.post('/', { schema: SaveTemplate, preValidation: normalize({ name: 'trim' }) }, async (request) => {
    const boardId = toId(request.body.boardId);
    const userId = request.user.id;
    const { createdBy } = await requireBoardAccess(app, boardId, userId, 'view');
    if ((await countTemplates(app.db, userId)) >= MAX_TEMPLATES)
      throw new HttpError(400, { name: MESSAGES.tooMany });
    // Every batch of a big board's cards sees the board at the same moment.
    const snapshot = await app.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute((trx) => templateSnapshot(trx, { boardId, createdBy }, request.body.withTasks ?? false));
    return insertTemplate(app.db, {
      userId,
      name: request.body.name,
      columns: snapshot.columns.map((column) => column.name),
      labels: snapshot.labels.length,
      tasks: snapshot.tasks.length,
      snapshot,
    });
  });

  app.delete('/:id', { schema: DeleteTemplate }, async (request) => {
    const { id } = request.params;
    if (findBuiltIn(id)) throw new HttpError(400, { id: MESSAGES.builtIn });
    const number = /^[0-9]+$/.test(id) ? Number(id) : 0;
    if (number < 1 || number > MAX_ID || !(await deleteTemplate(app.db, number, request.user.id)))
      throw notFound();
    return { success: true as const };
  });
};

export default templateRoutes;
