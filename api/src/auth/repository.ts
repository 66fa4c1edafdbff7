import type { EmailNotifications, User } from 'contract/auth';
import type { CompiledQuery, Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../database.js';

type Db = Kysely<Database>;

/** The users columns `toUser` reads. */
export const USER_COLUMNS = [
  'id',
  'name',
  'email',
  'gender',
  'avatar',
  'email_reminders',
  'email_notifications',
] as const;

/** The one place a users row becomes the API's user. */
export function toUser(row: Pick<Selectable<UsersTable>, (typeof USER_COLUMNS)[number]>): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    gender: row.gender === 0 || row.gender === 1 ? row.gender : null,
    avatar: row.avatar,
    emailReminders: row.email_reminders,
    emailNotifications: row.email_notifications,
  };
}

export interface Session {
  user: User;
  tokenVersion: number;
  /** Bumped with every change to the user's board or invitation list. */
  listsVersion: number;
}

export interface Credentials {
  id: number;
  /** Null for an account made through the OIDC provider: no password signs in to it. */
  passwordHash: string | null;
  tokenVersion: number;
  /** Two-factor sign-in is on: the password alone does not sign in. */
  twoFactor: boolean;
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

type SessionRow = Pick<
  Selectable<UsersTable>,
  (typeof USER_COLUMNS)[number] | 'token_version' | 'lists_version'
>;

// Every authenticated request runs this lookup, so it is compiled once per database and reused.
const compiledSessionQueries = new WeakMap<Db, CompiledQuery<SessionRow>>();

export async function findSession(db: Db, id: number): Promise<Session | null> {
  let compiled = compiledSessionQueries.get(db);
  if (!compiled) {
    compiled = db
      .selectFrom('users')
      .select([...USER_COLUMNS, 'token_version', 'lists_version'])
      .where('id', '=', 0)
      .compile();
    compiledSessionQueries.set(db, compiled);
  }
  const { rows } = await db.executeQuery<SessionRow>({ ...compiled, parameters: [id] });
  const row = rows[0];
  return row ? { user: toUser(row), tokenVersion: row.token_version, listsVersion: row.lists_version } : null;
}

export async function findCredentialsByEmail(db: Db, email: string): Promise<Credentials | null> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'password_hash', 'token_version', 'totp_secret'])
    .where('email', '=', email)
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        passwordHash: row.password_hash,
        tokenVersion: row.token_version,
        twoFactor: row.totp_secret !== null,
      }
    : null;
}

export async function findPasswordHash(db: Db, id: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirst();
  return row?.password_hash ?? null;
}

/** Creates an account; null when the e-mail is taken. */
export async function createUser(
  db: Db,
  data: { name: string; email: string; passwordHash: string },
): Promise<Pick<Credentials, 'id' | 'tokenVersion'> | null> {
  const row = await db
    .insertInto('users')
    .values({ name: data.name, email: data.email, password_hash: data.passwordHash })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning(['id', 'token_version'])
    .executeTakeFirst();
  return row ? { id: row.id, tokenVersion: row.token_version } : null;
}

/**
 * Updates name, e-mail and (when given) gender and the e-mail settings; false when the e-mail
 * belongs to another account.
 */
export async function updateProfile(
  db: Db,
  id: number,
  data: {
    name: string;
    email: string;
    gender?: 0 | 1 | null;
    emailReminders?: boolean;
    emailNotifications?: EmailNotifications;
  },
): Promise<boolean> {
  try {
    await db
      .updateTable('users')
      .set({
        name: data.name,
        email: data.email,
        ...(data.gender !== undefined && { gender: data.gender }),
        ...(data.emailReminders !== undefined && { email_reminders: data.emailReminders }),
        ...(data.emailNotifications !== undefined && { email_notifications: data.emailNotifications }),
      })
      .where('id', '=', id)
      .execute();
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/** Stores a new password hash and invalidates every earlier token; returns the new token version. */
export async function setPassword(db: Db, id: number, passwordHash: string): Promise<number> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1) }))
    .where('id', '=', id)
    .returning('token_version')
    .executeTakeFirstOrThrow();
  return row.token_version;
}
