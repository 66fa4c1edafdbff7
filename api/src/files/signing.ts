/**
 * Signed file links. The signature is the permission: whoever holds a link may upload (or download)
 * that one object until the link expires, with no bearer token, so links can go straight into a
 * PUT, a form or a new tab.
 *
 * A signature is HMAC-SHA256, under a key derived from the token secret, of the link's purpose and
 * every value it grants: the object key, and for uploads the exact size and content type. Changing
 * any of them, or using an upload link to download, gives another MAC. Expiry is signed too, and a
 * link that claims to live longer than its kind may is refused even with a valid MAC. Comparison is
 * constant-time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

import { DOWNLOAD_LINK_SECONDS, UPLOAD_LINK_SECONDS } from '../plugins/storage-contract.js';

export { DOWNLOAD_LINK_SECONDS, UPLOAD_LINK_SECONDS };

/** Where the API serves and accepts objects; `FileItem.url` and avatar urls are this plus the key. */
export const OBJECT_PATH = '/api/file/object/';

export const objectUrl = (key: string) => `${OBJECT_PATH}${key}`;

export interface UploadGrant {
  key: string;
  size: number;
  type: string;
}

export interface SignedQuery {
  expires: number;
  signature: string;
}

export type Verdict = 'valid' | 'invalid' | 'expired';

const SIGNATURE_BYTES = 32;
const nowSeconds = (now: number) => Math.floor(now / 1000);

export class LinkSigner {
  private readonly secret: Buffer;

  constructor(tokenSecret: string) {
    this.secret = createHmac('sha256', tokenSecret).update('file-links').digest();
  }

  private mac(fields: readonly (string | number)[]): Buffer {
    // JSON keeps the fields apart: no value can be shifted into its neighbour.
    return createHmac('sha256', this.secret).update(JSON.stringify(fields)).digest();
  }

  private verify(fields: readonly (string | number)[], query: SignedQuery, lifetime: number, now: number) {
    const given = Buffer.from(query.signature, 'base64url');
    const expected = this.mac(fields);
    if (given.length !== SIGNATURE_BYTES || !timingSafeEqual(given, expected)) return 'invalid';
    const left = query.expires - nowSeconds(now);
    if (left > lifetime + 60) return 'invalid';
    return left < 0 ? 'expired' : 'valid';
  }

  /** The query of an upload link for exactly this key, size and type. */
  signUpload(grant: UploadGrant, now = Date.now()): SignedQuery {
    const expires = nowSeconds(now) + UPLOAD_LINK_SECONDS;
    const signature = this.mac(['upload', grant.key, grant.size, grant.type, expires]).toString('base64url');
    return { expires, signature };
  }

  verifyUpload(grant: UploadGrant, query: SignedQuery, now = Date.now()): Verdict {
    return this.verify(
      ['upload', grant.key, grant.size, grant.type, query.expires],
      query,
      UPLOAD_LINK_SECONDS,
      now,
    );
  }

  /** `/api/file/object/<key>?size=&type=&expires=&signature=` */
  uploadUrl(grant: UploadGrant, now = Date.now()): string {
    const { expires, signature } = this.signUpload(grant, now);
    const query = new URLSearchParams({
      size: String(grant.size),
      type: grant.type,
      expires: String(expires),
      signature,
    });
    return `${objectUrl(grant.key)}?${query}`;
  }

  signDownload(key: string, now = Date.now()): SignedQuery {
    const expires = nowSeconds(now) + DOWNLOAD_LINK_SECONDS;
    return { expires, signature: this.mac(['download', key, expires]).toString('base64url') };
  }

  verifyDownload(key: string, query: SignedQuery, now = Date.now()): Verdict {
    return this.verify(['download', key, query.expires], query, DOWNLOAD_LINK_SECONDS, now);
  }

  /** `/api/file/object/<key>?expires=&signature=` */
  downloadUrl(key: string, now = Date.now()): string {
    const { expires, signature } = this.signDownload(key, now);
    return `${objectUrl(key)}?${new URLSearchParams({ expires: String(expires), signature })}`;
  }
}
