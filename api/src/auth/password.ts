/**
 * Password hashing with scrypt from node:crypto. A hash is stored as `scrypt$N$r$p$salt$key`
 * (salt and key in base64), so the cost can be raised later and old hashes still verify.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { ScryptCost } from '../config.js';

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const MAX_N = 2 ** 20;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; leave room for the rest of its state.
  const maxmem = 256 * cost.N * cost.r + 1024 * 1024;
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { ...cost, maxmem }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

function parse(stored: string): { cost: ScryptCost; salt: Buffer; key: Buffer } | null {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return null;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const valid =
    Number.isSafeInteger(cost.N) && cost.N > 1 && cost.N <= MAX_N && (cost.N & (cost.N - 1)) === 0;
  if (!valid || !(cost.r >= 1 && cost.r <= 32) || !(cost.p >= 1 && cost.p <= 16)) return null;
  return { cost, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
}

export class PasswordHasher {
  private dummy: Promise<string> | null = null;

  constructor(private readonly cost: ScryptCost) {}

  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_LENGTH);
    const key = await derive(password, salt, this.cost);
    const { N, r, p } = this.cost;
    return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
  }

  /** Checks a password; without a stored hash it does the same work and fails, so timing tells nothing. */
  async verify(password: string, stored: string | null): Promise<boolean> {
    if (stored === null) this.dummy ??= this.hash(randomBytes(16).toString('hex'));
    const parsed = parse(stored ?? (await (this.dummy as Promise<string>)));
    if (!parsed) return false;
    const key = await derive(password, parsed.salt, parsed.cost);
    return stored !== null && key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
  }
}
