import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { changeBoard } from '../boards/access.js';
import { forbidden, notFound } from '../errors.js';
import { toId } from '../ids.js';
import { normalize } from '../schemas.js';
import { createComment, deleteComment, findCommentAuthor } from './repository.js';
import { CreateComment, DeleteComment } from './schemas.js';

const commentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const change = (boardId: number, userId: number) => ({ boardId, userId, change: 'comments' as const });

  app.post(
    '/create',
    { schema: CreateComment, preValidation: normalize({ text: 'trim' }) },
    async (request) => {
      const boardId = toId(request.body.boardId);
      const taskId = toId(request.body.taskId);
      const userId = request.user.id;
      return changeBoard(app, change(boardId, userId), async (trx) => {
        const comment = await createComment(trx, { boardId, taskId, userId, text: request.body.text });
        if (!comment) throw notFound();
        return comment;
      });
    },
  );

  // Only its author deletes a comment; not even the board's creator deletes someone else's.
  app.delete('/delete/:boardId/:commentId', { schema: DeleteComment }, async (request) => {
    const boardId = request.params.boardId;
    const commentId = request.params.commentId;
    const userId = request.user.id;
    return changeBoard(app, change(boardId, userId), async (trx) => {
      const author = await findCommentAuthor(trx, boardId, commentId);
      if (author === null) throw notFound();
      if (author !== userId) throw forbidden();
      await deleteComment(trx, commentId);
      return { success: true as const };
    });
  });
};

export default commentRoutes;
