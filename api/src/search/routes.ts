import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MESSAGES, SEARCH_LIMITS, Search } from 'contract/search';
import { requireBoardMember } from '../board-change/access.js';
import { HttpError } from '../errors.js';
import { decodeCursor, search } from './repository.js';

/**
 * GET /api/search: the caller's boards searched at once (repository.ts has the query). With
 * `boardId`, one board, refused (404 / 403) for anyone but its members before anything else is read.
 */
const searchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/', { schema: Search }, async (request) => {
    const { q, limit = SEARCH_LIMITS.defaultPage, cursor, boardId } = request.query;
    if (boardId !== undefined) await requireBoardMember(app, boardId, request.user.id);
    const after = cursor === undefined ? null : decodeCursor(cursor);
    if (after === null && cursor !== undefined) throw new HttpError(400, { cursor: MESSAGES.cursor });
    return search(app.db, request.user.id, { q: q.trim(), limit, after, boardId });
  });
};

export default searchRoutes;
