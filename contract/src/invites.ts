import { type Static, Type } from 'typebox';
import { Body, Email, errors, Id, MAX_ID, Success } from './common.js';
import { RoleField } from './members.js';

const security = [{ bearer: [] }];

export const Invitation = Type.Object({
  id: Type.Integer(),
  board: Type.Object({ id: Type.Integer(), name: Type.String() }),
});
export type Invitation = Static<typeof Invitation>;

export const ListInvitations = {
  operationId: 'listInvitations',
  summary: 'Invitations waiting for the user',
  tags: ['invitations'],
  security,
  response: { 200: Type.Array(Invitation), ...errors(401) },
};

export const SendInvitation = {
  'x-board-action': 'manage',
  operationId: 'sendInvitation',
  summary: 'Invite a user to a board by e-mail',
  tags: ['invitations'],
  security,
  body: Body({ boardId: Id, email: Email, role: Type.Optional(RoleField) }),
  response: { 200: Success, ...errors(400, 401, 403, 404) },
};

export const AcceptInvitation = {
  'x-board-action': 'answer-invitation',
  operationId: 'acceptInvitation',
  summary: 'Accept an invitation',
  tags: ['invitations'],
  security,
  params: Type.Object({ inviteId: Id }),
  response: { 200: Success, ...errors(400, 401, 404) },
};

export const RejectInvitation = {
  'x-board-action': 'answer-invitation',
  operationId: 'rejectInvitation',
  summary: 'Decline an invitation',
  tags: ['invitations'],
  security,
  params: Type.Object({ boardId: Id, userId: Id }),
  response: { 200: Success, ...errors(400, 401, 403, 404) },
};

export const CancelInvitation = {
  'x-board-action': 'manage',
  operationId: 'cancelInvitation',
  summary: 'Withdraw an invitation',
  tags: ['invitations'],
  security,
  params: Type.Object({
    boardId: Id,
    userId: Type.Integer({
      minimum: -MAX_ID,
      maximum: MAX_ID,
      not: { const: 0 },
      description:
        "the invitee's user id, or the negative member id of an invited address without an account",
      'x-error': 'Некорректный идентификатор',
    }),
  }),
  response: { 200: Success, ...errors(400, 401, 403, 404) },
};
