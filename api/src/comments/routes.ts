import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CreateComment, DeleteComment, MENTIONS_ERROR } from 'contract/comments';
import { toId, toIds } from 'contract/ids';
import { countAssignable } from '../board-change/access-repository.js';
import { changeBoard, changeOf } from '../board-change/change-board.js';
import { trashThenDelete } from '../board-change/trash-entries.js';
import { forbidden, HttpError, notFound } from '../errors.js';
import { normalize } from '../schemas.js';
import { createComment, deleteComment, findCommentAuthor } from './repository.js';

const commentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const change = changeOf('comments');

  app.post(
    '/create',
    { schema: CreateComment, preValidation: normalize({ text: 'trim' }) },
    async (request, reply) => {
      const boardId = toId(request.body.boardId);
      const taskId = toId(request.body.taskId);
      const userId = request.user.id;
      const mentions = toIds(request.body.mentions ?? []).filter((id) => id !== userId);
      return changeBoard(app, change(boardId, userId, reply), async (trx, _version, _board, changes) => {
        if ((await countAssignable(trx, boardId, mentions)) !== mentions.length) {
          throw new HttpError(400, { mentions: MENTIONS_ERROR });
        }
        const comment = await createComment(trx, { boardId, taskId, userId, text: request.body.text });
        if (!comment) throw notFound();
        changes.task(taskId).record('comment.added', {
          taskId,
          data: { commentId: comment.id, text: comment.text, ...(mentions.length > 0 && { mentions }) },
        });
        return comment;
      });
    },
  );

  // Only its author deletes a comment; not even the board's creator deletes someone else's.
  app.delete('/delete/:boardId/:commentId', { schema: DeleteComment }, async (request, reply) => {
    const boardId = request.params.boardId;
    const commentId = request.params.commentId;
    const userId = request.user.id;
    return changeBoard(app, change(boardId, userId, reply), async (trx, _version, _board, changes) => {
      const comment = await findCommentAuthor(trx, boardId, commentId);
      if (comment === null) throw notFound();
      if (comment.userId !== userId) throw forbidden();
      await trashThenDelete(trx, { boardId, userId, kind: 'comment', id: commentId }, () =>
        deleteComment(trx, commentId),
      );
      changes.task(comment.taskId).record('comment.deleted', {
        taskId: comment.taskId,
        data: { commentId, text: comment.text },
      });
      return { success: true as const };
    });
  });
};

export default commentRoutes;
