/**
 * Two-factor sign-in's secrets and codes (docs/decisions.md "Two-factor sign-in"). TOTP by otplib
 * (RFC 6238: 6 digits, 30 s, one step of clock drift either way); a code's time step is stored when
 * accepted and only a later one is taken next, so an overheard code cannot be replayed. Recovery codes
 * are 10 random base32 characters, kept as SHA-256 like API tokens (long and random, so a fast hash
 * is enough), and each is spent by one conditional update, so two requests cannot both use it.
 */
import { randomBytes } from 'node:crypto';
import { RECOVERY_CODES, type TwoFactorSetup } from 'contract/two-factor';
import type { Kysely } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Database } from '../database.js';
import { hashToken } from '../tokens/index.js';

type Db = Kysely<Database>;

const ISSUER = 'Канбан';
const PERIOD = 30;
/** Base32 without the look-alikes 0/O and 1/I/L, for codes typed from paper. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A new secret with its otpauth URL and the URL as an SVG QR code. */
export async function newSetup(email: string): Promise<TwoFactorSetup> {
  const secret = generateSecret();
  const otpauthUrl = generateURI({ issuer: ISSUER, label: email, secret });
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return { secret, otpauthUrl, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** The time step of a valid TOTP `code` later than `after`, or null. */
export async function totpStep(secret: string, code: string, after: number | null): Promise<number | null> {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const result = await verify({
    secret,
    token,
    period: PERIOD,
    epochTolerance: PERIOD,
    ...(after !== null && { afterTimeStep: after }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** A recovery code as typed: case, spaces and dashes do not matter. */
const normalRecovery = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

export interface TwoFactorState {
  secret: string | null;
  pendingSecret: string | null;
  lastStep: number | null;
}

export async function findTwoFactor(db: Db, userId: number): Promise<TwoFactorState> {
  const row = await db
    .selectFrom('users')
    .select(['totp_secret', 'totp_pending_secret', 'totp_last_step'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    secret: row.totp_secret,
    pendingSecret: row.totp_pending_secret,
    lastStep: row.totp_last_step === null ? null : Number(row.totp_last_step),
  };
}

export async function countRecoveryCodes(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function offerSecret(db: Db, userId: number, secret: string): Promise<void> {
  await db.updateTable('users').set({ totp_pending_secret: secret }).where('id', '=', userId).execute();
}

/**
 * Turns two-factor sign-in on with the offered secret, whose code of `step` was just checked, and
 * makes fresh recovery codes; answers them (the only time they exist outside their hashes).
 */
export async function turnOn(db: Db, userId: number, secret: string, step: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ totp_secret: secret, totp_pending_secret: null, totp_last_step: step })
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('recovery_codes')
      .values(codes.map((code) => ({ user_id: userId, code_hash: hashToken(normalRecovery(code)) })))
      .execute();
  });
  return codes;
}

export async function turnOff(db: Db, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ totp_secret: null, totp_pending_secret: null, totp_last_step: null })
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  });
}

/**
 * Whether `code` is a second factor of the user whose two-factor sign-in is on: a TOTP code of a
 * later step than the last accepted (then that step is stored, conditionally, so a code taken by a
 * concurrent request is refused), or an unused recovery code (then it is spent).
 */
export async function acceptSecondFactor(db: Db, userId: number, code: string): Promise<boolean> {
  const state = await findTwoFactor(db, userId);
  if (!state.secret) return false;
  const step = await totpStep(state.secret, code, state.lastStep);
  if (step !== null) {
    const taken = await db
      .updateTable('users')
      .set({ totp_last_step: step })
      .where('id', '=', userId)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', String(step))]))
      .executeTakeFirst();
    return taken.numUpdatedRows > 0n;
  }
  const spent = await db
    .updateTable('recovery_codes')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hashToken(normalRecovery(code)))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return spent.numUpdatedRows > 0n;
}
