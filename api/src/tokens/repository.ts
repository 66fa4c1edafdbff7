/** API tokens: made, listed and revoked by their owner; found by the SHA-256 of a bearer secret. */
import { createHash } from 'node:crypto';
import type { ApiToken, TokenScope } from 'contract/tokens';
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';

type Db = Kysely<Database>;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

const COLUMNS = ['id', 'name', 'scope', 'created_at', 'expires_at', 'last_used_at'] as const;

function toToken(row: {
  id: number;
  name: string;
  scope: TokenScope;
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
}): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at?.toISOString() ?? null,
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
  };
}

export async function listTokens(db: Db, userId: number): Promise<ApiToken[]> {
  const rows = await db
    .selectFrom('api_tokens')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toToken);
}

export async function insertToken(
  db: Db,
  token: { userId: number; name: string; scope: TokenScope; secret: string; expiresAt: Date | null },
): Promise<ApiToken> {
  const row = await db
    .insertInto('api_tokens')
    .values({
      user_id: token.userId,
      name: token.name,
      scope: token.scope,
      token_hash: hashToken(token.secret),
      expires_at: token.expiresAt,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toToken(row);
}

/** Deletes the user's token; false when they have no such token. */
export async function deleteToken(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('api_tokens')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The live token with this secret: its id, owner, scope and last use; null for an unknown or expired one. */
export async function findLiveToken(
  db: Db,
  secret: string,
  now: Date,
): Promise<{ id: number; userId: number; scope: TokenScope; lastUsedAt: Date | null } | null> {
  const row = await db
    .selectFrom('api_tokens')
    .select(['id', 'user_id', 'scope', 'expires_at', 'last_used_at'])
    .where('token_hash', '=', hashToken(secret))
    .executeTakeFirst();
  if (!row || (row.expires_at !== null && row.expires_at <= now)) return null;
  return { id: row.id, userId: row.user_id, scope: row.scope, lastUsedAt: row.last_used_at };
}

export async function touchToken(db: Db, id: number, at: Date): Promise<void> {
  await db.updateTable('api_tokens').set({ last_used_at: at }).where('id', '=', id).execute();
}
