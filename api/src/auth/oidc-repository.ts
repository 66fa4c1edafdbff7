/** Accounts' identities at the OIDC provider, and accounts made through it (no password). */
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';

type Db = Kysely<Database>;

export interface Identity {
  issuer: string;
  subject: string;
}

/** The account an identity signed in to before; null the first time. */
export async function findIdentityUser(db: Db, { issuer, subject }: Identity): Promise<number | null> {
  const row = await db
    .selectFrom('oidc_identities')
    .select('user_id')
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

export async function findUserIdByEmail(db: Db, email: string): Promise<number | null> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row?.id ?? null;
}

/** Ties the identity to the account (a second, simultaneous first sign-in leaves the first tie). */
export async function linkIdentity(db: Db, userId: number, { issuer, subject }: Identity): Promise<void> {
  await db
    .insertInto('oidc_identities')
    .values({ user_id: userId, issuer, subject })
    .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
    .execute();
}

/** An account without a password; null when the e-mail is taken. */
export async function createPasswordlessUser(
  db: Db,
  data: { name: string; email: string },
): Promise<number | null> {
  const row = await db
    .insertInto('users')
    .values({ name: data.name, email: data.email, password_hash: null })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}
