/**
 * The one way to change a board. `changeBoard` locks and bumps the board (access.ts), checks the
 * caller may do the action under that lock (before anything reads the payload's ids), runs the
 * route's work, which states what it touched in `BoardChanges`, then runs the recorders in the same
 * transaction. After the commit it announces the change over the realtime hub, hands the update to
 * the announcers, gives the answer the board's new version (`x-board-id`, `x-board-version`, so the
 * caller can recognise its own change when the announcement comes back), moves the sockets of users
 * who lost access out of the board's room, and runs what the recorders left for after the commit.
 *
 * The kernel knows no domain: the app registers the recorders and announcers (app.ts), each a small
 * unit of its domain: the activity rows, the watches and notifications, the patch, the live board.
 */

import type { Activity } from 'contract/activity';
import type { BoardChange as BoardChangeKind, BoardPatch, BoardUpdate } from 'contract/realtime';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Transaction } from 'kysely';
import type { Database } from '../database.js';
import { notFound } from '../errors.js';
import {
  type BoardAction,
  type BoardRole,
  boardAccessRefusal,
  can,
  type LockedBoard,
  refusalFor,
  roleOf,
  routeAction,
  withBoardLock,
} from './access.js';
import { bumpBoardVersion, findBoardAccess, lockBoardForShare } from './access-repository.js';
import { BoardChanges } from './changes.js';

/** What a recorder sees of a change, inside its transaction. */
export interface RecordContext {
  app: FastifyInstance;
  trx: Transaction<Database>;
  boardId: number;
  userId: number;
  /** boards.version after this change's bump. */
  version: number;
  changes: BoardChanges;
  /** What earlier recorders made, for later ones: the activity rows, then the patch. */
  recorded: { activity?: Activity[]; patch?: BoardPatch };
}

/**
 * One unit of what a change leaves behind, run in the change's transaction after the route's work,
 * in registration order; it may return a step for after the commit. A deleted board records nothing.
 */
export type Recorder = (context: RecordContext) => Promise<AfterCommit | undefined>;
export type AfterCommit = () => Promise<void> | void;
/** Told every committed change, a deleted board's included (the live board drops it). */
export type Announcer = (app: FastifyInstance, update: BoardUpdate) => void;

declare module 'fastify' {
  interface FastifyInstance {
    boardChange: { recorders: readonly Recorder[]; announcers: readonly Announcer[] };
  }
}

/** Registers the app's recorders (in order) and announcers. */
export const boardChangePlugin = fp<{ recorders: Recorder[]; announcers: Announcer[] }>(
  async (app, { recorders, announcers }) => {
    app.decorate('boardChange', { recorders, announcers });
    // Access before payload on every board-scoped call (errors.ts asks it before a validation error).
    app.decorate('boardAccessRefusal', boardAccessRefusal);
  },
  { name: 'board-change' },
);

export interface BoardChange {
  boardId: number;
  /** The user making the change. */
  userId: number;
  /** What the change does, for `can` (access.ts): the operation's `x-board-action` (when `reply` is given), else 'edit'. */
  action?: BoardAction;
  /** What changed, for the realtime announcement. */
  change: BoardChangeKind;
  /** Users who lose access with this change: their sockets leave the board's room. */
  lostAccess?: number[];
  /** The answer, which gets the board's new version in its headers. */
  reply?: FastifyReply;
}

export type ChangeFn<T> = (
  trx: Transaction<Database>,
  version: number,
  board: LockedBoard & { role: BoardRole },
  changes: BoardChanges,
) => Promise<T>;

/** The change of one kind by `userId` answered with `reply`, as a domain's routes make them. */
export const changeOf =
  (change: BoardChangeKind) =>
  (boardId: number, userId: number, reply: FastifyReply): BoardChange => ({ boardId, userId, change, reply });

/** The caller's role under the board's lock. */
async function lockedRole(
  trx: Transaction<Database>,
  board: LockedBoard,
  boardId: number,
  userId: number,
): Promise<BoardRole> {
  if (board.createdBy === userId) return 'owner';
  const access = await findBoardAccess(trx, boardId, userId);
  return access ? roleOf(access, userId) : 'outsider';
}

/** Runs the recorders on a change made in `trx`; answers the patch and the steps for after the commit. */
async function record(
  app: FastifyInstance,
  trx: Transaction<Database>,
  { boardId, userId, change }: BoardChange,
  version: number,
  changes: BoardChanges,
): Promise<{ patch?: BoardPatch; after: AfterCommit[] }> {
  const context: RecordContext = { app, trx, boardId, userId, version, changes, recorded: {} };
  const after: AfterCommit[] = [];
  if (change !== 'deleted') {
    for (const recorder of app.boardChange.recorders) {
      const step = await recorder(context);
      if (step) after.push(step);
    }
  }
  return { patch: context.recorded.patch, after };
}

/** After the commit: the announcement, the announcers, the answer's headers, the evictions, the steps. */
async function announce(
  app: FastifyInstance,
  { boardId, change, lostAccess, reply }: BoardChange,
  version: number,
  { patch, after }: { patch?: BoardPatch; after: AfterCommit[] },
): Promise<void> {
  app.realtime.announce(boardId, version, change, patch);
  const update: BoardUpdate = { boardId, version, change, at: Date.now(), patch };
  for (const announcer of app.boardChange.announcers) announcer(app, update);
  reply?.header('x-board-id', String(boardId)).header('x-board-version', String(version));
  if (change === 'deleted') app.realtime.evict(boardId);
  for (const lost of lostAccess ?? []) app.realtime.evict(boardId, lost);
  for (const step of after) await step();
}

/**
 * Locks and bumps the board (404 unknown board), checks the caller may do `action` under the lock
 * (403), runs `fn`, records, commits, then announces. Resolves with what `fn` answered.
 */
export async function changeBoard<T>(app: FastifyInstance, board: BoardChange, fn: ChangeFn<T>): Promise<T> {
  const { boardId, userId, reply } = board;
  const action = board.action ?? (reply ? routeAction(reply.request) : 'edit');
  const { value, version } = await withBoardLock(app.db, boardId, async (trx, version, locked) => {
    const role = await lockedRole(trx, locked, boardId, userId);
    if (!can(role, action)) throw refusalFor(role);
    const changes = new BoardChanges();
    const result = await fn(trx, version, { ...locked, role }, changes);
    return { result, recorded: await record(app, trx, board, version, changes) };
  });
  await announce(app, board, version, value.recorded);
  return value.result;
}

/**
 * A board made whole by one change (an import): `fn` inserts the board and everything on it and
 * answers its id; the board's version is bumped and the recorders run in the same transaction, so
 * the board appears complete or not at all. Resolves with what `fn` answered.
 */
export async function changeNewBoard<T extends { boardId: number }>(
  app: FastifyInstance,
  userId: number,
  fn: (trx: Transaction<Database>, changes: BoardChanges) => Promise<T>,
): Promise<T> {
  const { result, version, recorded, board } = await app.db.transaction().execute(async (trx) => {
    const changes = new BoardChanges();
    const result = await fn(trx, changes);
    const board: BoardChange = { boardId: result.boardId, userId, change: 'board' };
    const bumped = await bumpBoardVersion(trx, result.boardId);
    if (!bumped) throw new Error(`board ${result.boardId} was not made`);
    return {
      result,
      version: bumped.version,
      recorded: await record(app, trx, board, bumped.version, changes),
      board,
    };
  });
  await announce(app, board, version, recorded);
  return result;
}

/** One board of a change that spans two (changeTwoBoards): what the caller does there. */
export interface BoardSide {
  boardId: number;
  /** 'view': the board is only read (a card copied from it). */
  action: BoardAction;
  change: BoardChangeKind;
}

/** A locked board of such a change: the caller's role there and what the change touched on it. */
export type LockedSide = LockedBoard & { boardId: number; role: BoardRole; changes: BoardChanges };

/**
 * A change of two boards at once (a card copied or moved from one board to another). Locks both in
 * id order (the lower first, so two such changes in opposite directions cannot deadlock; 404 when
 * either is unknown): a board the change writes is bumped, a board it only reads ('view') is locked
 * for share, so nothing moves off it meanwhile and its viewers hear of nothing. Then checks the caller
 * may do each side's action under the locks (403), runs `fn`, runs the recorders for each written
 * board's changes, commits once and announces each written board. The same board on both sides is
 * locked once and its changes are shared. `reply` gets the version of the `from` board when it is
 * written, else the `to` board's.
 */
export async function changeTwoBoards<T>(
  app: FastifyInstance,
  { userId, from, to, reply }: { userId: number; from: BoardSide; to: BoardSide; reply?: FastifyReply },
  fn: (trx: Transaction<Database>, sides: { from: LockedSide; to: LockedSide }) => Promise<T>,
): Promise<T> {
  const written = (boardId: number) =>
    [from, to].some((side) => side.boardId === boardId && side.action !== 'view');
  const done = await app.db.transaction().execute(async (trx) => {
    const locked = new Map<number, LockedBoard>();
    for (const boardId of [...new Set([from.boardId, to.boardId])].sort((a, b) => a - b)) {
      const board = written(boardId)
        ? await bumpBoardVersion(trx, boardId)
        : await lockBoardForShare(trx, boardId);
      if (!board) throw notFound();
      locked.set(boardId, board);
    }
    const sideOf = async ({ boardId, action }: BoardSide, changes: BoardChanges): Promise<LockedSide> => {
      const board = locked.get(boardId) as LockedBoard;
      const role = await lockedRole(trx, board, boardId, userId);
      if (!can(role, action)) throw refusalFor(role);
      return { ...board, boardId, role, changes };
    };
    const fromSide = await sideOf(from, new BoardChanges());
    const same = from.boardId === to.boardId;
    const toSide = await sideOf(to, same ? fromSide.changes : new BoardChanges());
    const result = await fn(trx, { from: fromSide, to: toSide });
    const announced: { board: BoardChange; version: number; recorded: Awaited<ReturnType<typeof record>> }[] =
      [];
    for (const [side, { change }] of [
      [fromSide, from],
      [toSide, to],
    ] as const) {
      if (!written(side.boardId) || announced.some((item) => item.board.boardId === side.boardId)) continue;
      const board: BoardChange = {
        boardId: side.boardId,
        userId,
        change,
        ...(announced.length === 0 && { reply }),
      };
      announced.push({
        board,
        version: side.version,
        recorded: await record(app, trx, board, side.version, side.changes),
      });
    }
    return { result, announced };
  });
  for (const { board, version, recorded } of done.announced) await announce(app, board, version, recorded);
  return done.result;
}
