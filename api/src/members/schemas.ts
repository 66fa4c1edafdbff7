import { Type } from 'typebox';
import { errors, Id, Success } from '../schemas.js';

export const RemoveMember = {
  tags: ['members'],
  security: [{ bearer: [] }],
  params: Type.Object({ boardId: Id, userId: Id }),
  response: { 200: Success, ...errors(400, 401, 403, 404) },
};
