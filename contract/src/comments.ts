import { type Static, Type } from 'typebox';
import { Body, errors, Id, Success } from './common.js';
import { BodyId, BodyIds } from './ids.js';

export const Comment = Type.Object({
  id: Type.Integer(),
  boardId: Type.Integer(),
  taskId: Type.String(),
  userId: Type.Integer(),
  text: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  /** An imported comment's author as its source named them, when they have no account here (`userId` is then the importer). */
  authorName: Type.Optional(Type.String()),
});
export type Comment = Static<typeof Comment>;

export const MENTIONS_ERROR = 'Упомянуть можно только участников доски';

const common = { tags: ['comments'], security: [{ bearer: [] }] };

export const CreateComment = {
  'x-board-action': 'comment',
  operationId: 'createComment',
  summary: 'Comment on a task',
  ...common,
  body: Body({
    boardId: BodyId(),
    taskId: BodyId(),
    text: Type.String({ minLength: 1, maxLength: 5000, 'x-error': 'Введите текст комментария' }),
    /** Members the text mentions ('@Имя'): each is notified. */
    mentions: Type.Optional(BodyIds(MENTIONS_ERROR, 50)),
  }),
  response: { 200: Comment, ...errors(400, 401, 403, 404) },
};

export const DeleteComment = {
  'x-board-action': 'comment',
  operationId: 'deleteComment',
  summary: 'Delete a comment',
  ...common,
  params: Type.Object({ boardId: Id, commentId: Id }),
  response: { 200: Success, ...errors(400, 401, 403, 404) },
};
