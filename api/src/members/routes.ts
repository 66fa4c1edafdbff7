import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RemoveMember } from 'contract/members';
import { personOf } from '../board-change/activity.js';
import { changeBoard } from '../board-change/change-board.js';
import { forbidden, HttpError, notFound } from '../errors.js';
import { removeMember } from './repository.js';

const CREATOR_STAYS = { message: 'Создателя доски нельзя удалить из участников' };

/** Under /api/board: the creator removes a member; any member removes themselves (leaves). */
const memberRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.delete('/:boardId/member/:userId', { schema: RemoveMember }, async (request, reply) => {
    const { boardId, userId: target } = request.params;
    const userId = request.user.id;
    await changeBoard(
      app,
      { boardId, userId, change: 'members', lostAccess: [target], reply },
      async (trx, _version, board, changes) => {
        if (target !== userId && board.createdBy !== userId) throw forbidden();
        if (target === board.createdBy) throw new HttpError(400, CREATOR_STAYS);
        if (!(await removeMember(trx, boardId, target))) throw notFound();
        changes.memberList(target);
        if (target === userId) changes.record('member.left');
        else changes.record('member.removed', { data: await personOf(trx, target) });
      },
    );
    return { success: true as const };
  });
};

export default memberRoutes;
