/**
 * Public links. Administrators turn a board's link on, replace or turn it off under /api/board
 * (`publicLinkRoutes`); anyone with the token reads the board, a task and a file link under
 * /api/public without signing in (`publicRoutes`, listed in auth's PUBLIC_ROUTES). What a reader gets
 * is the members' view without anyone's e-mail or pending invitations; every answer says `noindex`.
 * Replacing or turning off a link takes its open pages out of the board's public room at once.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreatePublicLink,
  DeletePublicLink,
  GetPublicBoard,
  GetPublicFile,
  GetPublicLink,
  GetPublicTask,
  MESSAGES,
  publicPath,
} from 'contract/public';
import { publicMembers } from 'contract/realtime';
import { requireBoardAccess } from '../board-change/access.js';
import { changeBoard } from '../board-change/change-board.js';
import { loadBoard } from '../boards/index.js';
import { HttpError } from '../errors.js';
import { downloadLink, findFile } from '../files/index.js';
import { findTaskDetail } from '../tasks/index.js';
import { findPublicBoard, findPublicToken, setPublicToken } from './repository.js';

const gone = () => new HttpError(404, { message: MESSAGES.gone });

export const publicLinkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const linkOf = (token: string) => ({ token, url: `${app.config.publicUrl}${publicPath(token)}` });

  app.get('/:boardId/public-link', { schema: GetPublicLink }, async (request) => {
    const { boardId } = request.params;
    await requireBoardAccess(app, boardId, request.user.id, 'manage');
    const token = await findPublicToken(app.db, boardId);
    return { link: token ? linkOf(token) : null };
  });

  app.post('/:boardId/public-link', { schema: CreatePublicLink }, async (request, reply) => {
    const { boardId } = request.params;
    const token = randomBytes(24).toString('base64url');
    await changeBoard(
      app,
      { boardId, userId: request.user.id, change: 'board', reply },
      async (trx, _v, _b, changes) => {
        await setPublicToken(trx, boardId, token);
        changes.record('board.public-link', { data: { enabled: true } });
      },
    );
    app.realtime.closePublic(boardId, token);
    return linkOf(token);
  });

  app.delete('/:boardId/public-link', { schema: DeletePublicLink }, async (request, reply) => {
    const { boardId } = request.params;
    await changeBoard(
      app,
      { boardId, userId: request.user.id, change: 'board', reply },
      async (trx, _v, _b, changes) => {
        await setPublicToken(trx, boardId, null);
        changes.record('board.public-link', { data: { enabled: false } });
      },
    );
    app.realtime.closePublic(boardId, null);
    return { success: true as const };
  });
};

export const publicRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-robots-tag', 'noindex, nofollow');
  });

  async function boardOf(token: string): Promise<number> {
    const found = await findPublicBoard(app.db, token);
    if (!found) throw gone();
    return found.boardId;
  }

  app.get('/:token', { schema: GetPublicBoard }, async (request) => {
    const boardId = await boardOf(request.params.token);
    const board = await loadBoard(app.db, boardId);
    if (!board) throw gone();
    return { ...board, members: publicMembers(board.members) };
  });

  app.get('/:token/task/:taskId', { schema: GetPublicTask }, async (request) => {
    const boardId = await boardOf(request.params.token);
    // Nobody is signed in: no one's watch applies (0 is no user).
    const task = await findTaskDetail(app.db, boardId, request.params.taskId, 0);
    if (!task) throw new HttpError(404, { message: 'Не найдено' });
    return task;
  });

  app.get('/:token/file/:fileId', { schema: GetPublicFile }, async (request) => {
    const boardId = await boardOf(request.params.token);
    const file = await findFile(app.db, request.params.fileId);
    if (!file || file.boardId !== boardId) throw new HttpError(404, { message: 'Не найдено' });
    return { url: await downloadLink(app, file) };
  });
};
