/** Reset codes: short enough to type, drawn from a CSPRNG, stored only as a keyed hash. */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** Lower-case letters and digits without the look-alikes 0/o, 1/l/i. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const CODE_LENGTH = 8;

export function generateCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

export class CodeHasher {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('password-reset-code').digest();
  }

  /** Bound to the reset id, so a hash is worthless for any other reset. */
  hash(resetId: string, code: string): string {
    return createHmac('sha256', this.key).update(`${resetId}:${code}`).digest('hex');
  }

  matches(resetId: string, code: string, stored: string): boolean {
    const actual = Buffer.from(this.hash(resetId, code), 'hex');
    const expected = Buffer.from(stored, 'hex');
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }
}
