/**
 * Who may do what on a board, and the one way to change a board.
 *
 * Reads check access with `requireBoardMember` / `requireBoardCreator`. Every mutation goes through
 * `changeBoard` (or `withBoardLock` directly): one transaction that first bumps `boards.version`,
 * which row-locks the board so concurrent changes to it serialise; the access check runs under that
 * lock (a member removed a moment ago cannot slip a change in). The change records what it touched
 * (patch.ts); the patch is read in the same transaction and announced through `app.realtime` only
 * after the commit, and the answer carries the board's new version (`x-board-id`, `x-board-version`)
 * so the caller can recognise its own change when the announcement comes back. The change's activity
 * records also make its watches and notifications in the same transaction (watchers/notify.ts), whose
 * unread counts go out after the commit.
 */

import type { BoardChange as BoardChangeKind } from 'contract/realtime';
import type { FastifyReply } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { insertActivity } from '../activity/repository.js';
import type { Database } from '../database.js';
import { forbidden, notFound } from '../errors.js';
import { announceNotified, type NotifyApp, notifyChange } from '../watchers/notify.js';
import { bumpBoardVersion, findBoardAccess } from './access-repository.js';
import { liveBoardsOf } from './live-board.js';
import { BoardChanges, buildPatch } from './patch.js';

type Db = Kysely<Database>;
/** Anything holding the database: the app, or a Kysely instance or transaction. */
export type DbSource = Db | { db: Db };

const dbOf = (source: DbSource): Db => ('db' in source ? source.db : source);

export interface BoardAccess {
  createdBy: number;
  isCreator: boolean;
  /** boards.version as the check saw it. */
  version: number;
}

/** Whether the user is an accepted member of the board who has not been removed or left. */
export async function isBoardMember(source: DbSource, boardId: number, userId: number): Promise<boolean> {
  return (await memberBoardVersion(source, boardId, userId)) !== null;
}

/** The board's version when the user is an accepted, not removed member (who may watch it live); else null. */
export async function memberBoardVersion(
  source: DbSource,
  boardId: number,
  userId: number,
): Promise<number | null> {
  const access = await findBoardAccess(dbOf(source), boardId, userId);
  return access?.member ? access.version : null;
}

/** 404 for an unknown board, 403 unless the user is an accepted, not removed member. */
export async function requireBoardMember(
  source: DbSource,
  boardId: number,
  userId: number,
): Promise<BoardAccess> {
  const access = await findBoardAccess(dbOf(source), boardId, userId);
  if (!access) throw notFound();
  if (!access.member) throw forbidden();
  return { createdBy: access.createdBy, isCreator: access.createdBy === userId, version: access.version };
}

/** 404 for an unknown board, 403 unless the user created it (the creator is always a member). */
export async function requireBoardCreator(
  source: DbSource,
  boardId: number,
  userId: number,
): Promise<BoardAccess> {
  const access = await findBoardAccess(dbOf(source), boardId, userId);
  if (!access) throw notFound();
  if (access.createdBy !== userId) throw forbidden();
  return { createdBy: access.createdBy, isCreator: true, version: access.version };
}

export interface LockedBoard {
  /** boards.version after this change's bump. */
  version: number;
  createdBy: number;
  name: string;
}

/**
 * Runs `fn` in one transaction that first bumps the board's version (`UPDATE boards SET version =
 * version + 1 ... RETURNING version`), holding the board's row lock until commit. 404 when the board
 * does not exist. Throwing inside rolls everything back, the version bump included.
 */
export async function withBoardLock<T>(
  db: Db,
  boardId: number,
  fn: (trx: Transaction<Database>, version: number, board: LockedBoard) => Promise<T>,
): Promise<{ value: T; version: number }> {
  return db.transaction().execute(async (trx) => {
    const board = await bumpBoardVersion(trx, boardId);
    if (!board) throw notFound();
    const value = await fn(trx, board.version, board);
    return { value, version: board.version };
  });
}

export interface BoardChange {
  boardId: number;
  /** The user making the change. */
  userId: number;
  /**
   * Who may make the change: 'member' (default: accepted, not removed), 'creator', or 'anyone'
   * signed in (the callback checks, as accepting an invitation does).
   */
  role?: 'member' | 'creator' | 'anyone';
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
  board: LockedBoard,
  changes: BoardChanges,
) => Promise<T>;

/** The change of one kind by `userId` answered with `reply`, as a domain's routes make them. */
export const changeOf =
  (change: BoardChangeKind) =>
  (boardId: number, userId: number, reply: FastifyReply): BoardChange => ({ boardId, userId, change, reply });

/**
 * The route-level mutation: lock and bump the board, check the caller's access under the lock
 * (404 unknown board, 403 no access), run `fn` (which records what it touched in `changes`), record
 * its activity and notifications, read the patch, commit, then announce `{ boardId, version, change,
 * patch }` and the notified users' unread counts. `app` is the Fastify app.
 */
export async function changeBoard<T>(
  app: NotifyApp,
  { boardId, userId, role = 'member', change, lostAccess, reply }: BoardChange,
  fn: ChangeFn<T>,
): Promise<T> {
  const { value, version } = await withBoardLock(app.db, boardId, async (trx, version, board) => {
    if (role === 'creator' && board.createdBy !== userId) throw forbidden();
    if (role === 'member' && !(await isBoardMember(trx, boardId, userId))) throw forbidden();
    const changes = new BoardChanges();
    const result = await fn(trx, version, board, changes);
    const activity = change === 'deleted' ? [] : await insertActivity(trx, boardId, userId, changes.activity);
    const notified =
      change === 'deleted'
        ? { users: [], mail: false }
        : await notifyChange(trx, app.queue, boardId, userId, changes.activity);
    const patch =
      change === 'deleted' ? undefined : await buildPatch(trx, boardId, changes, version - 1, userId);
    if (patch && activity.length > 0) patch.activity = activity;
    return { result, patch, notified };
  });
  app.realtime.announce(boardId, version, change, value.patch);
  liveBoardsOf(app.db).advance({ boardId, version, change, at: Date.now(), patch: value.patch });
  reply?.header('x-board-id', String(boardId)).header('x-board-version', String(version));
  if (change === 'deleted') app.realtime.evict(boardId);
  for (const lost of lostAccess ?? []) app.realtime.evict(boardId, lost);
  await announceNotified(app, value.notified);
  return value.result;
}
