import { type Kysely, sql } from 'kysely';
import { setPassword } from '../auth/index.js';
import type { Database } from '../database.js';

type Db = Kysely<Database>;

export interface Reset {
  id: string;
  userId: number | null;
  codeHash: string;
  attempts: number;
  /** Not expired, not yet validated, not completed. */
  awaitingCode: boolean;
}

export async function findUserIdByEmail(db: Db, email: string): Promise<number | null> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row?.id ?? null;
}

/** How long an expired reset is kept (for support questions) before a new reset removes it. */
export const KEEP_EXPIRED_RESETS = '1 day';

export async function createReset(
  db: Db,
  reset: { id: string; userId: number | null; codeHash: string; ttlSeconds: number },
): Promise<void> {
  // The table only grows here, so this is where it is kept small (an index on expires_at).
  await db
    .deleteFrom('password_resets')
    .where('expires_at', '<', sql<Date>`now() - ${KEEP_EXPIRED_RESETS}::interval`)
    .execute();
  await db
    .insertInto('password_resets')
    .values({
      id: reset.id,
      user_id: reset.userId,
      code_hash: reset.codeHash,
      expires_at: sql<Date>`now() + make_interval(secs => ${reset.ttlSeconds})`,
    })
    .execute();
}

export async function findReset(db: Db, id: string): Promise<Reset | null> {
  const row = await db
    .selectFrom('password_resets')
    .select([
      'id',
      'user_id',
      'code_hash',
      'attempts',
      sql<boolean>`expires_at > now() and validated_at is null and completed_at is null`.as('awaiting_code'),
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    userId: row.user_id,
    codeHash: row.code_hash,
    attempts: row.attempts,
    awaitingCode: row.awaiting_code,
  };
}

/** Counts a wrong code; returns the attempts made so far. */
export async function recordWrongCode(db: Db, id: string): Promise<number> {
  const row = await db
    .updateTable('password_resets')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .returning('attempts')
    .executeTakeFirstOrThrow();
  return row.attempts;
}

/** Marks a reset validated if it still may be; false when another request got there first or it lapsed. */
export async function markValidated(db: Db, id: string, maxAttempts: number): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set({ validated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('user_id', 'is not', null)
    .where('validated_at', 'is', null)
    .where('completed_at', 'is', null)
    .where('attempts', '<', maxAttempts)
    .where(sql<boolean>`expires_at > now()`)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Finishes a validated, unexpired reset: stores the new password hash and retires the user's tokens,
 * in one transaction. False when the reset cannot be finished.
 */
export async function completeReset(db: Db, id: string, passwordHash: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const reset = await trx
      .updateTable('password_resets')
      .set({ completed_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('user_id', 'is not', null)
      .where('validated_at', 'is not', null)
      .where('completed_at', 'is', null)
      .where(sql<boolean>`expires_at > now()`)
      .returning('user_id')
      .executeTakeFirst();
    if (!reset?.user_id) return false;
    await setPassword(trx, reset.user_id, passwordHash);
    return true;
  });
}
