import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { preValidationHookHandler } from 'fastify';
import { requireBoardMember } from '../boards/access.js';
import { notFound } from '../errors.js';
import { toId } from '../ids.js';
import { setWatching } from './repository.js';
import { WatchTask } from './schemas.js';

/**
 * PUT /api/task/watch. Watching is the caller's own setting, not board state: it does not bump the
 * board's version nor announce a patch (nobody else's view changes).
 */
const watcherRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Membership first, so a non-member learns nothing from how the body is judged (403 before 400).
  const memberFirst: preValidationHookHandler = async (request) => {
    const raw = (request.body as { boardId?: unknown } | null)?.boardId;
    const boardId = typeof raw === 'number' || typeof raw === 'string' ? toId(raw) : 0;
    if (boardId > 0) await requireBoardMember(app, boardId, request.user.id);
  };

  app.put('/watch', { schema: WatchTask, preValidation: memberFirst }, async (request) => {
    const boardId = toId(request.body.boardId);
    const taskId = toId(request.body.taskId);
    await requireBoardMember(app, boardId, request.user.id);
    const watching = await setWatching(app.db, boardId, taskId, request.user.id, request.body.watching);
    if (watching === null) throw notFound();
    return { watching };
  });
};

export default watcherRoutes;
