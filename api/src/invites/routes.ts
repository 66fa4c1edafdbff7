import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AcceptInvitation,
  CancelInvitation,
  ListInvitations,
  RejectInvitation,
  SendInvitation,
} from 'contract/invites';
import { personOf } from '../board-change/activity.js';
import { changeBoard } from '../board-change/change-board.js';
import { forbidden, HttpError, notFound } from '../errors.js';
import { cacheOf, sendCached } from '../plugins/versioned-cache.js';
import { normalize } from '../schemas.js';
import { sendInvitationMail } from './mail.js';
import {
  acceptInvitation,
  cancelEmailInvitation,
  findPendingInvitation,
  findStanding,
  findUserIdByEmail,
  inviteEmail,
  inviteUser,
  listInvitations,
  withdrawInvitation,
} from './repository.js';

const ALREADY_MEMBER = { email: 'Этот пользователь уже участник доски' };
const ALREADY_INVITED = { email: 'Этот адрес уже приглашён' };

const inviteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const success = { success: true as const };

  const lists = cacheOf(app.db, 'lists');

  app.get('/', { schema: ListInvitations }, async (request, reply) => {
    const userId = request.user.id;
    return sendCached(lists, request, reply, {
      owner: userId,
      version: request.listsVersion,
      key: 'invites',
      build: () => listInvitations(app.db, userId),
    });
  });

  app.post(
    '/send',
    { schema: SendInvitation, preValidation: normalize({ email: 'lower' }) },
    async (request, reply) => {
      const { boardId, email, role = 'member' } = request.body;
      const inviter = request.user;
      const sent = await changeBoard(
        app,
        { boardId, userId: inviter.id, change: 'members', reply },
        async (trx, _version, board, changes) => {
          changes.memberList();
          let inviteId: number | null = null;
          const userId = await findUserIdByEmail(trx, email);
          if (userId === null) {
            if (!(await inviteEmail(trx, boardId, email, inviter.id, role)))
              throw new HttpError(400, ALREADY_INVITED);
            changes.record('member.invited', { data: { email, name: '' } });
          } else {
            const standing = await findStanding(trx, boardId, userId);
            if (standing === 'member') throw new HttpError(400, ALREADY_MEMBER);
            if (standing === 'invited') throw new HttpError(400, ALREADY_INVITED);
            inviteId = await inviteUser(trx, boardId, userId, role);
            changes.memberList(userId).record('member.invited', { data: await personOf(trx, userId) });
          }
          return { boardName: board.name, inviteId };
        },
      );
      sendInvitationMail(app, request.log, {
        email,
        inviteId: sent.inviteId,
        boardId,
        boardName: sent.boardName,
        inviterName: inviter.name || inviter.email,
      });
      return success;
    },
  );

  app.put('/accept/:inviteId', { schema: AcceptInvitation }, async (request, reply) => {
    const userId = request.user.id;
    const invitation = await findPendingInvitation(app.db, request.params.inviteId);
    if (!invitation || invitation.userId !== userId) throw notFound();
    const { boardId } = invitation;
    await changeBoard(
      app,
      { boardId, userId, change: 'members', reply },
      async (trx, _version, _board, changes) => {
        changes.memberList(userId).record('member.joined');
        if (!(await acceptInvitation(trx, boardId, userId))) throw notFound();
      },
    );
    return success;
  });

  // The invitee is not a member yet: a malformed request is 400 for them, as for any caller.
  app.delete(
    '/reject/:boardId/:userId',
    { schema: RejectInvitation, config: { boardAccess: 'invitee' } },
    async (request, reply) => {
      const { boardId, userId } = request.params;
      if (userId !== request.user.id) throw forbidden();
      await changeBoard(
        app,
        { boardId, userId, change: 'members', reply },
        async (trx, _version, _board, changes) => {
          changes.memberList(userId).record('invitation.rejected');
          if (!(await withdrawInvitation(trx, boardId, userId))) throw notFound();
        },
      );
      return success;
    },
  );

  app.delete('/delete/:boardId/:userId', { schema: CancelInvitation }, async (request, reply) => {
    const { boardId, userId: invitee } = request.params;
    const userId = request.user.id;
    await changeBoard(
      app,
      { boardId, userId, change: 'members', reply },
      async (trx, _version, _board, changes) => {
        changes.memberList(invitee);
        if (invitee > 0) {
          if (!(await withdrawInvitation(trx, boardId, invitee))) throw notFound();
          changes.record('invitation.cancelled', { data: await personOf(trx, invitee) });
        } else {
          const email = await cancelEmailInvitation(trx, boardId, -invitee);
          if (email === null) throw notFound();
          changes.record('invitation.cancelled', { data: { userId: invitee, name: '', email } });
        }
      },
    );
    return success;
  });
};

export default inviteRoutes;
