/** Everyone on a board, and membership changes that are not invitations. */

import type { Member } from 'contract/members';
import type { Role } from 'contract/roles';
import type { Kysely } from 'kysely';
import { touchLists } from '../board-change/access-repository.js';
import type { Database } from '../database.js';

type Db = Kysely<Database>;

/**
 * Marks an accepted member as removed (kept, so old assignments still show a name); false when the
 * user is not an accepted, current member.
 */
export async function removeMember(db: Db, boardId: number, userId: number): Promise<boolean> {
  const result = await db
    .updateTable('board_members')
    .set({ is_deleted: true })
    .where('board_id', '=', boardId)
    .where('user_id', '=', userId)
    .where('accepted', '=', true)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return false;
  await touchLists(db, { userIds: [userId] });
  return true;
}

/** The users with a row on the board: members, invitees and removed members. */
export async function peopleOfBoard(db: Db, boardId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('board_members')
    .select('user_id')
    .where('board_id', '=', boardId)
    .execute();
  return rows.map((row) => row.user_id);
}

/**
 * Everyone on the board: members in the order they joined or were invited (pending, removed too),
 * then invited addresses without an account under negative ids.
 */
export async function loadMembers(db: Db, boardId: number): Promise<Member[]> {
  const members = await db
    .selectFrom('board_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.name', 'u.email', 'u.avatar', 'm.accepted', 'm.is_deleted', 'm.role'])
    .where('m.board_id', '=', boardId)
    .orderBy('m.id')
    .execute();
  const invited = await db
    .selectFrom('invitations')
    .select(['id', 'email', 'role'])
    .where('board_id', '=', boardId)
    .orderBy('id')
    .execute();
  return [
    ...members.map(
      (m): Member => ({
        id: m.id,
        name: m.name,
        email: m.email,
        avatar: m.avatar,
        accepted: m.accepted,
        isDeleted: m.is_deleted,
        role: m.role,
      }),
    ),
    ...invited.map(
      (i): Member => ({
        id: -i.id,
        name: '',
        email: i.email,
        avatar: null,
        accepted: false,
        isDeleted: false,
        role: i.role,
      }),
    ),
  ];
}

/**
 * Sets the role of a member or invitee (not a removed one); answers the role before, or null when
 * the user has no such row on the board.
 */
export async function setMemberRole(
  db: Db,
  boardId: number,
  userId: number,
  role: Role,
): Promise<Role | null> {
  const row = await db
    .selectFrom('board_members')
    .select('role')
    .where('board_id', '=', boardId)
    .where('user_id', '=', userId)
    .where('is_deleted', '=', false)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return null;
  await db
    .updateTable('board_members')
    .set({ role })
    .where('board_id', '=', boardId)
    .where('user_id', '=', userId)
    .execute();
  return row.role;
}

/** Whether the user is an accepted administrator of the board (who may be handed it). */
export async function isAdministrator(db: Db, boardId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('board_members')
    .select('user_id')
    .where('board_id', '=', boardId)
    .where('user_id', '=', userId)
    .where('accepted', '=', true)
    .where('is_deleted', '=', false)
    .where('role', '=', 'admin')
    .executeTakeFirst();
  return row !== undefined;
}

/** Those of `userIds` who are accepted, not removed members of the board. */
export async function membersAmong(
  db: Db,
  boardId: number,
  userIds: readonly number[],
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('board_members')
    .select('user_id')
    .where('board_id', '=', boardId)
    .where('user_id', 'in', [...userIds])
    .where('accepted', '=', true)
    .where('is_deleted', '=', false)
    .execute();
  return new Set(rows.map((row) => row.user_id));
}
