/**
 * The address and token the backup command shows a running embedded API (plugin.ts): HMAC-SHA256, under a key
 * derived from the installation's JWT secret, of an expiry a minute away and the database folder.
 * Only someone holding the secret (the API's environment or DATA_DIR/jwt-secret) can make one, and
 * only the API of that very folder takes it. Comparison is constant-time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Where the running embedded API takes backup requests. */
export const BACKUP_PATH = '/backup';

const LIFETIME_SECONDS = 60;

function mac(secret: string, dir: string, expires: number): string {
  const key = createHmac('sha256', secret).update('kanban-backup').digest();
  return createHmac('sha256', key).update(`${expires}\n${dir}`).digest('base64url');
}

export function backupToken(secret: string, dir: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + LIFETIME_SECONDS;
  return `${expires}.${mac(secret, dir, expires)}`;
}

export function verifyBackupToken(token: string, secret: string, dir: string, now = Date.now()): boolean {
  const [expiresText = '', signature = ''] = token.split('.');
  const expires = Number(expiresText);
  const seconds = Math.floor(now / 1000);
  if (!Number.isSafeInteger(expires) || expires < seconds || expires > seconds + LIFETIME_SECONDS)
    return false;
  const expected = Buffer.from(mac(secret, dir, expires));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
