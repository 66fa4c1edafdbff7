/**
 * What a stored file is and how it is named: content types, image detection by magic numbers,
 * file names made safe for storage and for the Content-Disposition header.
 */
import { Readable } from 'node:stream';
import { IMAGE_TYPES, type ImageType } from 'contract/files';

export const OCTET_STREAM = 'application/octet-stream';

export { IMAGE_TYPES, type ImageType };

const TOKEN = "[a-z0-9][a-z0-9!#$&^_.+'-]{0,126}";
const MEDIA_TYPE = new RegExp(`^${TOKEN}/${TOKEN}$`);

/**
 * A declared content type as stored and signed: lower-cased essence without parameters; '' (what a
 * browser reports for an unknown file) is application/octet-stream. Null when malformed.
 */
export function normalizeType(type: string): string | null {
  const essence = type.split(';')[0]?.trim().toLowerCase() ?? '';
  if (essence === '') return OCTET_STREAM;
  return MEDIA_TYPE.test(essence) ? essence : null;
}

/** The bytes needed to tell the image formats apart. */
export const SNIFF_BYTES = 12;

/** The image format the first bytes show (PNG, JPEG, GIF, WebP), or null. */
export function imageTypeOf(head: Buffer): ImageType | null {
  const ascii = (start: number, end: number) => head.subarray(start, end).toString('latin1');
  if (
    head.length >= 8 &&
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'image/gif';
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

export class NotAnImageError extends Error {
  constructor() {
    super('not an image');
    this.name = 'NotAnImageError';
  }
}

/**
 * `body` as it is, failing before the first byte is passed on unless the bytes start an image.
 * Like storage's put, it never destroys `body`: the caller owns it.
 */
export function imageOnly(body: Readable): Readable {
  async function* checked() {
    let head: Buffer | null = Buffer.alloc(0);
    for await (const chunk of body.iterator({ destroyOnReturn: false })) {
      if (head === null) {
        yield chunk as Buffer;
        continue;
      }
      head = Buffer.concat([head, chunk as Buffer]);
      if (head.length < SNIFF_BYTES) continue;
      if (imageTypeOf(head) === null) throw new NotAnImageError();
      yield head;
      head = null;
    }
    if (head !== null) {
      if (imageTypeOf(head) === null) throw new NotAnImageError();
      yield head;
    }
  }
  return Readable.from(checked(), { objectMode: false });
}

const MAX_NAME = 255;
/** Control characters and the bidi marks that can make `exe.txt` read as `txt.exe`. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The name a file is listed and downloaded under: the last path segment only (so `../../etc/passwd`
 * becomes `passwd`), without control or bidi-override characters, trimmed, at most 255 characters.
 * Never used as a path: storage keys are made by the server.
 */
export function safeFileName(name: string): string {
  const last = name.split(/[/\\]/).pop() ?? '';
  const cleaned = last.replace(INVISIBLE, '').trim();
  const safe = cleaned === '.' || cleaned === '..' ? '' : cleaned;
  return Array.from(safe).slice(0, MAX_NAME).join('') || 'file';
}

/** RFC 5987 `ext-value` encoding: UTF-8 percent-encoded, with only attr-chars left as they are. */
const rfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `attachment; filename="<ASCII fallback>"; filename*=UTF-8''<encoded>` (RFC 6266): old clients take
 * the fallback, every current browser the exact UTF-8 name.
 */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${rfc5987(name)}`;
}
