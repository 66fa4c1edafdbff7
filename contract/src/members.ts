import { type Static, Type } from 'typebox';
import { errors, Id, Success } from './common.js';

/** Someone on a board: a member (accepted, pending or removed) or an invited address. */
export const Member = Type.Object({
  id: Type.Integer({ description: 'user id; negative for an invited address that has no account yet' }),
  name: Type.String(),
  email: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  accepted: Type.Boolean(),
  isDeleted: Type.Boolean(),
});
export type Member = Static<typeof Member>;

export const RemoveMember = {
  operationId: 'removeMember',
  summary: 'Remove a member from a board, or leave it',
  tags: ['members'],
  security: [{ bearer: [] }],
  params: Type.Object({ boardId: Id, userId: Id }),
  response: { 200: Success, ...errors(400, 401, 403, 404) },
};
