/** Board membership changes that are not invitations. */
import type { Kysely } from 'kysely';
import { touchLists } from '../boards/repository.js';
import type { Database } from '../database.js';

/**
 * Marks an accepted member as removed (kept, so old assignments still show a name); false when the
 * user is not an accepted, current member.
 */
export async function removeMember(db: Kysely<Database>, boardId: number, userId: number): Promise<boolean> {
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
