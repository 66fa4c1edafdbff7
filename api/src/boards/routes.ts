import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../errors.js';
import { normalize } from '../schemas.js';
import { changeBoard, requireBoardMember } from './access.js';
import {
  createBoard,
  deleteBoard,
  findMemberBoardVersion,
  listBoards,
  loadBoard,
  updateBoard,
} from './repository.js';
import { CreateBoard, DEFAULT_BOARD_COLOR, DeleteBoard, EditBoard, GetBoard, ListBoards } from './schemas.js';

const boardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Only accepted members may watch a board live; the hub gets the version they start from.
  app.realtime.setAccessCheck((boardId, userId) => findMemberBoardVersion(app.db, boardId, userId));

  app.get('/', { schema: ListBoards }, async (request) =>
    listBoards(app.db, request.user.id, request.query.sort),
  );

  app.post(
    '/',
    { schema: CreateBoard, preValidation: normalize({ name: 'trim', color: 'lower' }) },
    async (request) => {
      const { name, color, sort } = request.body;
      await createBoard(app.db, request.user.id, { name, color: color ?? DEFAULT_BOARD_COLOR });
      return listBoards(app.db, request.user.id, sort);
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
    async (request) => {
      const { boardId } = request.params;
      const userId = request.user.id;
      await changeBoard(app, { boardId, userId, role: 'creator', change: 'board' }, (trx) =>
        updateBoard(trx, boardId, request.body),
      );
      return listBoards(app.db, userId);
    },
  );

  app.delete('/:boardId', { schema: DeleteBoard }, async (request) => {
    const { boardId } = request.params;
    const userId = request.user.id;
    await changeBoard(app, { boardId, userId, role: 'creator', change: 'deleted' }, (trx) =>
      deleteBoard(trx, boardId),
    );
    return listBoards(app.db, userId);
  });
};

export default boardRoutes;
