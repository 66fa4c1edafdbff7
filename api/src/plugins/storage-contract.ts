/**
 * What every storage driver offers (storage.ts: the local disk, s3-storage.ts: an S3-protocol bucket)
 * and the keys they accept; a module of its own so the drivers share it without importing each other.
 */
import { type Readable, Transform, type TransformCallback } from 'node:stream';

/** Upload links live 15 minutes, download links 5 (docs/api.md), signed here or by the bucket. */
export const UPLOAD_LINK_SECONDS = 15 * 60;
export const DOWNLOAD_LINK_SECONDS = 5 * 60;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** Every key the server makes, and nothing else: no dots, no empty or parent segments. */
export const KEY_PATTERN = new RegExp(`^(boards|avatars|imports)/[1-9][0-9]{0,9}/${UUID}$`);

export const isValidKey = (key: string): boolean => KEY_PATTERN.test(key);

export interface PutOptions {
  /** The most bytes accepted; the write fails at the first byte past it. */
  maxBytes: number;
  /** When set, a body of any other length fails (a longer one as soon as it passes this). */
  expectedBytes?: number;
}

export interface ObjectInfo {
  size: number;
  modifiedAt: Date;
}

export interface OpenedObject {
  size: number;
  stream: Readable;
}

export type StorageErrorCode = 'invalid-key' | 'too-large' | 'too-small' | 'exists';

/** An expected refusal of a put; routes turn it into a 4xx. */
export class StorageError extends Error {
  constructor(readonly code: StorageErrorCode) {
    super(`storage: ${code}`);
    this.name = 'StorageError';
  }
}

export interface Storage {
  /**
   * Streams `body` into a new object; resolves with its size once it is in place. On failure nothing
   * is left behind, and `body` is left unread (not destroyed) for the caller to deal with.
   */
  put(key: string, body: Readable, options: PutOptions): Promise<{ size: number }>;
  /** The object's bytes, or null when there is none. */
  open(key: string): Promise<OpenedObject | null>;
  stat(key: string): Promise<ObjectInfo | null>;
  /** Removes the object; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** Removes every object it can; failures are logged, never thrown (the data is already gone). */
  removeMany(keys: readonly string[]): Promise<void>;
  /** Every object whose key starts with `prefix` (for the orphan sweep), in no particular order. */
  list(prefix: string): AsyncIterable<{ key: string } & ObjectInfo>;
  /**
   * Links straight to the store, for drivers that have them (S3); without them the API's own signed
   * links (files/signing.ts) carry the bytes through the API.
   */
  readonly direct?: DirectLinks;
}

export interface DirectLinks {
  /** A PUT link for exactly this size and type: both are signed, so the client must send them. */
  uploadUrl(key: string, grant: { size: number; type: string }): Promise<string>;
  /** A short-lived GET link that answers with this type and Content-Disposition. */
  downloadUrl(key: string, response: { type: string; disposition: string }): Promise<string>;
  /** The key an upload link (with or without its query) names, or null. */
  keyOf(url: string): string | null;
}

/** Counts bytes on their way to a driver: fails at the first one past `limit`, or at the end when fewer than `exact` came. */
export class ByteCounter extends Transform {
  bytes = 0;

  constructor(
    private readonly limit: number,
    private readonly exact?: number,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) callback(new StorageError('too-large'));
    else callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    if (this.exact !== undefined && this.bytes !== this.exact) callback(new StorageError('too-small'));
    else callback();
  }
}
