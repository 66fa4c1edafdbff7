import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GetArchive } from 'contract/archive';
import { requireBoardMember } from '../board-change/access.js';
import { listArchive } from './repository.js';

/** Under /api/archive: the board's archive for its members ('Архив' in the board menu). */
const archiveRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/:boardId', { schema: GetArchive }, async (request) => {
    const { boardId } = request.params;
    await requireBoardMember(app, boardId, request.user.id);
    return listArchive(app.db, boardId);
  });
};

export default archiveRoutes;
