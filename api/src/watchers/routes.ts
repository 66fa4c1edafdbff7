import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { toId } from 'contract/ids';
import { WatchTask } from 'contract/watchers';
import { requireBoardAccess } from '../board-change/access.js';
import { notFound } from '../errors.js';
import { setWatching } from './repository.js';

/**
 * PUT /api/task/watch. Watching is the caller's own setting, not board state: it does not bump the
 * board's version nor announce a patch (nobody else's view changes). An outsider's malformed body is
 * 403 like any board call's (errors.ts).
 */
const watcherRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.put('/watch', { schema: WatchTask }, async (request) => {
    const boardId = toId(request.body.boardId);
    const taskId = toId(request.body.taskId);
    await requireBoardAccess(app, boardId, request.user.id, 'watch');
    const watching = await setWatching(app.db, boardId, taskId, request.user.id, request.body.watching);
    if (watching === null) throw notFound();
    return { watching };
  });
};

export default watcherRoutes;
