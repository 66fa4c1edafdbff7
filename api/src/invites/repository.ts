/**
 * Invitations: pending board_members rows (accepted = false) of users with an account, and rows of
 * `invitations` for addresses that have none yet (see docs/decisions.md).
 */

import type { Invitation } from 'contract/invites';
import type { Role } from 'contract/roles';
import { type Kysely, sql } from 'kysely';
import { touchLists } from '../board-change/access-repository.js';
import type { Database } from '../database.js';

type Db = Kysely<Database>;

/**
 * Turns the invitations sent to `email` before it had an account into pending memberships of the
 * new user. Runs in the registration's transaction.
 */
export async function claimInvitations(db: Db, userId: number, email: string): Promise<number> {
  const claimed = await db
    .deleteFrom('invitations')
    .where('email', '=', email)
    .returning(['board_id', 'role'])
    .execute();
  if (claimed.length === 0) return 0;
  await db
    .insertInto('board_members')
    .values(claimed.map(({ board_id, role }) => ({ board_id, user_id: userId, accepted: false, role })))
    .onConflict((oc) => oc.columns(['board_id', 'user_id']).doNothing())
    .execute();
  await touchLists(db, { userIds: [userId] });
  return claimed.length;
}

/** The user's pending invitations to boards that are not deleted, oldest first. */
export async function listInvitations(db: Db, userId: number): Promise<Invitation[]> {
  const rows = await db
    .selectFrom('board_members as m')
    .innerJoin('boards as b', 'b.id', 'm.board_id')
    .select(['m.id', 'b.id as board_id', 'b.name'])
    .where('m.user_id', '=', userId)
    .where('m.accepted', '=', false)
    .where('m.is_deleted', '=', false)
    .where('b.deleted_at', 'is', null)
    .orderBy('m.id')
    .execute();
  return rows.map((row) => ({ id: row.id, board: { id: row.board_id, name: row.name } }));
}

export async function findUserIdByEmail(db: Db, email: string): Promise<number | null> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row?.id ?? null;
}

export type Standing = 'member' | 'invited' | 'removed' | 'none';

/** Where a user stands on a board. */
export async function findStanding(db: Db, boardId: number, userId: number): Promise<Standing> {
  const row = await db
    .selectFrom('board_members')
    .select(['accepted', 'is_deleted'])
    .where('board_id', '=', boardId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return 'none';
  if (row.is_deleted) return 'removed';
  return row.accepted ? 'member' : 'invited';
}

/**
 * Invites a user who is not on the board, or was removed from it (their row becomes pending again).
 * Answers the invitation's id.
 */
export async function inviteUser(
  db: Db,
  boardId: number,
  userId: number,
  role: Role = 'member',
): Promise<number> {
  const row = await db
    .insertInto('board_members')
    .values({ board_id: boardId, user_id: userId, accepted: false, role })
    .onConflict((oc) =>
      oc
        .columns(['board_id', 'user_id'])
        .doUpdateSet({ accepted: false, is_deleted: false, invited_at: sql<Date>`now()`, role })
        .where('board_members.is_deleted', '=', true),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  await touchLists(db, { userIds: [userId] });
  return row.id;
}

/** Invites an address without an account; false when it is already invited to the board. */
export async function inviteEmail(
  db: Db,
  boardId: number,
  email: string,
  invitedBy: number,
  role: Role = 'member',
): Promise<boolean> {
  const row = await db
    .insertInto('invitations')
    .values({ board_id: boardId, email, invited_by: invitedBy, role })
    .onConflict((oc) => oc.columns(['board_id', 'email']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A pending invitation by its id: whose and to which board; null when unknown or not pending. */
export async function findPendingInvitation(
  db: Db,
  inviteId: number,
): Promise<{ boardId: number; userId: number } | null> {
  const row = await db
    .selectFrom('board_members')
    .select(['board_id', 'user_id'])
    .where('id', '=', inviteId)
    .where('accepted', '=', false)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
  return row ? { boardId: row.board_id, userId: row.user_id } : null;
}

/** The user's pending invitation on the board: a row neither accepted nor removed. */
const pendingRow = (boardId: number, userId: number) =>
  ({ board_id: boardId, user_id: userId, accepted: false, is_deleted: false }) as const;

/** Makes a pending invitation of the user an accepted membership; false when there is none. */
export async function acceptInvitation(db: Db, boardId: number, userId: number): Promise<boolean> {
  const result = await db
    .updateTable('board_members')
    .set({ accepted: true, accepted_at: sql<Date>`now()` })
    .where((eb) => eb.and(pendingRow(boardId, userId)))
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return false;
  await touchLists(db, { userIds: [userId] });
  return true;
}

/**
 * Withdraws the user's pending invitation (rejected by the user or cancelled by the creator); false
 * when there is none. Someone invited back after leaving returns to being a removed member, so old
 * assignments keep their name; anyone else's row goes.
 */
export async function withdrawInvitation(db: Db, boardId: number, userId: number): Promise<boolean> {
  const restored = await db
    .updateTable('board_members')
    .set({ accepted: true, is_deleted: true })
    .where((eb) => eb.and(pendingRow(boardId, userId)))
    .where('accepted_at', 'is not', null)
    .executeTakeFirst();
  if (restored.numUpdatedRows === 0n) {
    const deleted = await db
      .deleteFrom('board_members')
      .where((eb) => eb.and(pendingRow(boardId, userId)))
      .executeTakeFirst();
    if (deleted.numDeletedRows === 0n) return false;
  }
  await touchLists(db, { userIds: [userId] });
  return true;
}

/** Cancels the invitation of an address without an account; false when there is none. */
export async function cancelEmailInvitation(
  db: Db,
  boardId: number,
  invitationId: number,
): Promise<string | null> {
  const row = await db
    .deleteFrom('invitations')
    .where('id', '=', invitationId)
    .where('board_id', '=', boardId)
    .returning('email')
    .executeTakeFirst();
  return row?.email ?? null;
}
