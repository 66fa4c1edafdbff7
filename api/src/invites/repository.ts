/** Invitations: pending board_members rows, and invitations of addresses that have no account yet. */
import type { Kysely } from 'kysely';
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
    .returning('board_id')
    .execute();
  if (claimed.length === 0) return 0;
  await db
    .insertInto('board_members')
    .values(claimed.map(({ board_id }) => ({ board_id, user_id: userId, accepted: false })))
    .onConflict((oc) => oc.columns(['board_id', 'user_id']).doNothing())
    .execute();
  return claimed.length;
}
