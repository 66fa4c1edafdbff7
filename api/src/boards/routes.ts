import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../errors.js';
import { normalize } from '../schemas.js';
import { changeBoard, requireBoardMember } from './access.js';
import { listCacheOf, sendList } from './list-cache.js';
import {
  createBoard,
  deleteBoard,
  findListsVersion,
  findMemberBoardVersion,
  listBoards,
  loadBoard,
  updateBoard,
} from './repository.js';
import {
  CreateBoard,
  DEFAULT_BOARD_COLOR,
  DeleteBoard,
  EditBoard,
  GetBoard,
  ListBoards,
  type Sort,
} from './schemas.js';

const boardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Only accepted members may watch a board live; the hub gets the version they start from.
  app.realtime.setAccessCheck((boardId, userId) => findMemberBoardVersion(app.db, boardId, userId));

  const cache = listCacheOf(app.db);
  /**
   * Answers the caller's board list, from memory while their lists are unchanged. A read uses the
   * version the auth hook loaded with the session; after a change the version is read again.
   */
  const sendBoardList = async (
    request: FastifyRequest,
    reply: FastifyReply,
    sort: Sort = 'default',
    changed = true,
  ) => {
    const userId = request.user.id;
    const version = changed ? await findListsVersion(app.db, userId) : request.listsVersion;
    return sendList(cache, request, reply, {
      userId,
      version,
      key: `boards:${sort}`,
      build: () => listBoards(app.db, userId, sort),
    });
  };

  app.get('/', { schema: ListBoards }, async (request, reply) =>
    sendBoardList(request, reply, request.query.sort, false),
  );

  app.post(
    '/',
    { schema: CreateBoard, preValidation: normalize({ name: 'trim', color: 'lower' }) },
    async (request, reply) => {
      const { name, color, sort } = request.body;
      await createBoard(app.db, request.user.id, { name, color: color ?? DEFAULT_BOARD_COLOR });
      return sendBoardList(request, reply, sort);
    },
  );

  app.get('/:boardId', { schema: GetBoard }, async (request) => {
    const { boardId } = request.params;
    await requireBoardMember(app, boardId, request.user.id);
    const board = await loadBoard(app.db, boardId, request.query);
    if (!board) throw notFound(); // deleted between the check and the read
    return board;
  });

  app.put(
    '/edit/:boardId',
    { schema: EditBoard, preValidation: normalize({ name: 'trim', color: 'lower' }) },
    async (request, reply) => {
      const { boardId } = request.params;
      const userId = request.user.id;
      await changeBoard(app, { boardId, userId, role: 'creator', change: 'board' }, (trx) =>
        updateBoard(trx, boardId, request.body),
      );
      return sendBoardList(request, reply);
    },
  );

  app.delete('/:boardId', { schema: DeleteBoard }, async (request, reply) => {
    const { boardId } = request.params;
    const userId = request.user.id;
    await changeBoard(app, { boardId, userId, role: 'creator', change: 'deleted' }, (trx) =>
      deleteBoard(trx, boardId),
    );
    return sendBoardList(request, reply);
  });
};

export default boardRoutes;
