/**
 * Who may do what on a board, and the board lock every change holds.
 *
 * A user's role on a board is 'owner' (its creator), a member's role (contract/roles.ts: accepted,
 * not removed) or 'outsider'; `can(role, action)` reads one table, so a new role or action is a row
 * there, not a branch in a route. Each operation says its action (`x-board-action`, contract); reads
 * check access with `requireBoardAccess`; changes go through `changeBoard`
 * (change-board.ts), which checks `can` under the lock of `withBoardLock`: one transaction that first
 * bumps `boards.version`, which row-locks the board so concurrent changes to it serialise (a member
 * removed a moment ago cannot slip a change in).
 */

import { toId } from 'contract/ids';
import { type BoardAction, type BoardRole, can, INSUFFICIENT_ROLE } from 'contract/roles';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../database.js';
import { forbidden, HttpError, notFound } from '../errors.js';
import { type BoardAccessRow, bumpBoardVersion, findBoardAccess } from './access-repository.js';

type Db = Kysely<Database>;
/** Anything holding the database: the app, or a Kysely instance or transaction. */
export type DbSource = Db | { db: Db };

const dbOf = (source: DbSource): Db => ('db' in source ? source.db : source);

export type { BoardAction, BoardRole };
export { can };

/** 403 for a member whose role does not allow the action, 'Нет доступа' for anyone else. */
export const refusalFor = (role: BoardRole) =>
  role === 'outsider' ? forbidden() : new HttpError(403, { message: INSUFFICIENT_ROLE });

export interface BoardAccess {
  createdBy: number;
  isCreator: boolean;
  role: BoardRole;
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

/** The user's role given their access row (null: the board does not exist). */
export const roleOf = (access: BoardAccessRow, userId: number): BoardRole =>
  access.createdBy === userId ? 'owner' : access.member && access.role ? access.role : 'outsider';

/** 404 for an unknown board, 403 unless the user may do `action` on it. */
export async function requireBoardAccess(
  source: DbSource,
  boardId: number,
  userId: number,
  action: BoardAction,
): Promise<BoardAccess> {
  const access = await findBoardAccess(dbOf(source), boardId, userId);
  if (!access) throw notFound();
  const role = roleOf(access, userId);
  if (!can(role, action)) throw refusalFor(role);
  return {
    createdBy: access.createdBy,
    isCreator: access.createdBy === userId,
    role,
    version: access.version,
  };
}

/** 404 for an unknown board, 403 unless the user is an accepted, not removed member. */
export const requireBoardMember = (source: DbSource, boardId: number, userId: number) =>
  requireBoardAccess(source, boardId, userId, 'view');

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

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'invitee': the route serves people invited to the board, not only its members, so a malformed
     * request is answered 400 before any access check.
     */
    boardAccess?: 'invitee';
  }
}

/**
 * What the request's route does on its board: its operation's `x-board-action` (contract; also in
 * the API reference), else 'view' for a read and 'edit' for a write.
 */
export const routeAction = (request: FastifyRequest): BoardAction =>
  (request.routeOptions.schema as { 'x-board-action'?: BoardAction } | undefined)?.['x-board-action'] ??
  (request.method === 'GET' ? 'view' : 'edit');

/** The board a request names under `key` (in its path, body or query), or 0 for none. */
function namedBoard(request: FastifyRequest, key: 'boardId' | 'toBoardId'): number {
  const named = [request.params, request.body, request.query]
    .map((part) =>
      typeof part === 'object' && part !== null ? (part as Record<string, unknown>)[key] : null,
    )
    .find((value) => typeof value === 'number' || typeof value === 'string');
  // Only an id written as an id names a board ('0x10' names none, whatever Number() makes of it).
  return typeof named === 'number' || /^[0-9]+$/.test(String(named)) ? toId(named as number | string) : 0;
}

/**
 * Why the caller may not touch the board a refused request names: 404 for an unknown board, 403
 * for someone who is not an accepted member; null when they may, or the request names no board.
 * A call that also names a target board (`toBoardId`: a card copied or moved there) adds to it, so
 * it needs 'edit' there too. Access comes before the payload: an outsider learns nothing from the
 * validation messages.
 */
export async function boardAccessRefusal(request: FastifyRequest): Promise<HttpError | null> {
  if (!request.user || request.routeOptions.config.boardAccess === 'invitee') return null;
  const checks: [number, BoardAction][] = [
    [namedBoard(request, 'boardId'), routeAction(request)],
    [namedBoard(request, 'toBoardId'), 'edit'],
  ];
  for (const [boardId, action] of checks) {
    if (boardId === 0) continue;
    const access = await findBoardAccess(request.server.db, boardId, request.user.id);
    if (!access) return notFound();
    const role = roleOf(access, request.user.id);
    if (!can(role, action)) return refusalFor(role);
  }
  return null;
}
