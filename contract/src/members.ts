import { type Static, Type } from 'typebox';
import { Body, errors, Id, Success } from './common.js';
import { ROLES } from './roles.js';

/** A role in a request body. */
export const RoleField = Type.Enum(ROLES, { 'x-error': 'Неизвестная роль' });

/** Someone on a board: a member (accepted, pending or removed) or an invited address. */
export const Member = Type.Object({
  id: Type.Integer({ description: 'user id; negative for an invited address that has no account yet' }),
  name: Type.String(),
  email: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  accepted: Type.Boolean(),
  isDeleted: Type.Boolean(),
  /** What they may do (roles.ts); the owner (the board's `createdBy`) is an administrator. */
  role: Type.Enum(ROLES),
});
export type Member = Static<typeof Member>;

export const RemoveMember = {
  'x-board-action': 'view',
  operationId: 'removeMember',
  summary: 'Remove a member from a board, or leave it',
  tags: ['members'],
  security: [{ bearer: [] }],
  params: Type.Object({ boardId: Id, userId: Id }),
  response: { 200: Success, ...errors(400, 401, 403, 404) },
};

export const SetRole = {
  'x-board-action': 'manage',
  operationId: 'setMemberRole',
  summary: "Change a member's (or an invitee's) role on a board",
  tags: ['members'],
  security: [{ bearer: [] }],
  description:
    "Administrators only; the owner's role cannot change. The member's open pages get the new member list live.",
  body: Body({ boardId: Id, userId: Id, role: RoleField }),
  response: { 200: Success, ...errors(400, 401, 403, 404) },
};
