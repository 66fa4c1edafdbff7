import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { TransferBoard } from 'contract/boards';
import { RemoveMember, SetRole } from 'contract/members';
import { can, refusalFor } from '../board-change/access.js';
import { personOf } from '../board-change/activity.js';
import { changeBoard } from '../board-change/change-board.js';
import { HttpError, notFound } from '../errors.js';
import { isAdministrator, removeMember, setMemberRole } from './repository.js';

const CREATOR_STAYS = { message: 'Создателя доски нельзя удалить из участников' };
const OWNER_STAYS_ADMIN = { role: 'Владелец доски всегда администратор' };
const NOT_AN_ADMIN = { userId: 'Передать доску можно только администратору' };

/** Under /api/board: an administrator removes a member; any member removes themselves (leaves). */
const memberRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.delete('/:boardId/member/:userId', { schema: RemoveMember }, async (request, reply) => {
    const { boardId, userId: target } = request.params;
    const userId = request.user.id;
    await changeBoard(
      app,
      { boardId, userId, change: 'members', lostAccess: [target], reply },
      async (trx, _version, board, changes) => {
        if (target !== userId && !can(board.role, 'manage')) throw refusalFor(board.role);
        if (target === board.createdBy) throw new HttpError(400, CREATOR_STAYS);
        if (!(await removeMember(trx, boardId, target))) throw notFound();
        changes.memberList(target);
        if (target === userId) changes.record('member.left');
        else changes.record('member.removed', { data: await personOf(trx, target) });
      },
    );
    return { success: true as const };
  });

  // The owner hands the board to an administrator, and stays one.
  app.put('/:boardId/owner', { schema: TransferBoard }, async (request, reply) => {
    const { boardId } = request.params;
    const target = request.body.userId;
    const userId = request.user.id;
    await changeBoard(
      app,
      { boardId, userId, change: 'members', reply },
      async (trx, _version, board, changes) => {
        if (target === board.createdBy) return;
        if (!(await isAdministrator(trx, boardId, target))) throw new HttpError(400, NOT_AN_ADMIN);
        await trx.updateTable('boards').set({ created_by: target }).where('id', '=', boardId).execute();
        changes
          .ownerChanged()
          .memberList(target, userId)
          .record('board.owner-changed', { data: await personOf(trx, target) });
      },
    );
    return { success: true as const };
  });
};

/** Under /api/member: an administrator changes a member's role; the member's pages follow live. */
export const roleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.put('/role', { schema: SetRole }, async (request, reply) => {
    const { boardId, userId: target, role } = request.body;
    await changeBoard(
      app,
      { boardId, userId: request.user.id, change: 'members', reply },
      async (trx, _version, board, changes) => {
        if (target === board.createdBy) throw new HttpError(400, OWNER_STAYS_ADMIN);
        const from = await setMemberRole(trx, boardId, target, role);
        if (from === null) throw notFound();
        changes.memberList(target);
        if (from !== role) {
          changes.record('member.role-changed', {
            data: { ...(await personOf(trx, target)), from, to: role },
          });
        }
      },
    );
    return { success: true as const };
  });
};

export default memberRoutes;
