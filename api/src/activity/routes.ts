import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ListActivity } from 'contract/activity';
import { requireBoardMember } from '../board-change/access.js';
import { listActivity } from '../board-change/activity.js';

/** GET /api/activity/:boardId — the board's recorded changes, newest first (members only). */
const activityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/:boardId', { schema: ListActivity }, async (request) => {
    const { boardId } = request.params;
    await requireBoardMember(app, boardId, request.user.id);
    return listActivity(app.db, boardId, request.query);
  });
};

export default activityRoutes;
