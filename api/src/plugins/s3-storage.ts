/**
 * The storage interface on an S3-protocol bucket (AWS S3, MinIO; s3rver in the tests), chosen by
 * S3_BUCKET. Besides put/open/stat/remove/list it hands out presigned links (`direct`), so browsers
 * send and fetch bytes straight to and from the bucket and the API only signs.
 *
 * Size: a presigned PUT signs `content-length` and `content-type`, so the store refuses (403) a body of
 * any other length or type than the ones the link was made for, and the API made the link only for a
 * size within MAX_UPLOAD_BYTES. A put through the API itself counts bytes as they pass, like the disk
 * driver, and aborts the request at the first byte past the limit or at a short end.
 *
 * Checksums are computed only where the protocol requires them: the SDK's default CRC trailers use
 * aws-chunked bodies that S3-compatible servers do not all accept, and would add headers a browser's
 * PUT to a presigned link cannot send.
 */
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../config.js';
import {
  ByteCounter,
  type DirectLinks,
  DOWNLOAD_LINK_SECONDS,
  isValidKey,
  type ObjectInfo,
  type OpenedObject,
  type PutOptions,
  type Storage,
  StorageError,
  UPLOAD_LINK_SECONDS,
} from './storage-contract.js';

const statusOf = (err: unknown) =>
  (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
const isMissing = (err: unknown) =>
  statusOf(err) === 404 || ['NoSuchKey', 'NotFound'].includes((err as Error | null)?.name ?? '');

/** At most this many deletes in flight at once when a board's objects go. */
const REMOVE_CONCURRENCY = 8;

export class S3Storage implements Storage {
  private readonly client: S3Client;
  /** Signs links for browsers: the same store, named by the origin they reach it at. */
  private readonly signer: S3Client;
  private readonly bucket: string;
  readonly direct: DirectLinks;

  constructor(
    config: S3Config,
    private readonly log: { error(obj: object, msg: string): void } = console,
  ) {
    this.bucket = config.bucket;
    const base: S3ClientConfig = {
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(config.accessKeyId && config.secretAccessKey
        ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
        : {}),
    };
    this.client = new S3Client({ ...base, endpoint: config.endpoint });
    this.signer = new S3Client({ ...base, endpoint: config.publicEndpoint ?? config.endpoint });
    const bucket = this.bucket;
    const signer = this.signer;
    this.direct = {
      uploadUrl: (key, { size, type }) =>
        getSignedUrl(
          signer,
          new PutObjectCommand({
            Bucket: bucket,
            Key: this.checked(key),
            ContentLength: size,
            ContentType: type,
          }),
          // content-type is left unsigned by default; both it and the length are the grant.
          { expiresIn: UPLOAD_LINK_SECONDS, signableHeaders: new Set(['content-type', 'content-length']) },
        ),
      downloadUrl: (key, { type, disposition }) =>
        getSignedUrl(
          signer,
          new GetObjectCommand({
            Bucket: bucket,
            Key: this.checked(key),
            ResponseContentType: type,
            ResponseContentDisposition: disposition,
            ResponseCacheControl: 'private, max-age=300',
          }),
          { expiresIn: DOWNLOAD_LINK_SECONDS },
        ),
      keyOf: (url) => {
        let path: string;
        try {
          path = decodeURIComponent(new URL(url, 'http://localhost').pathname);
        } catch {
          return null;
        }
        // Path style names the bucket first; virtual-hosted style has it in the host name.
        const key = path.startsWith(`/${bucket}/`) ? path.slice(bucket.length + 2) : path.slice(1);
        return isValidKey(key) ? key : null;
      },
    };
  }

  private checked(key: string): string {
    if (!isValidKey(key)) throw new StorageError('invalid-key');
    return key;
  }

  async put(key: string, body: Readable, { maxBytes, expectedBytes }: PutOptions): Promise<{ size: number }> {
    this.checked(key);
    if (await this.stat(key)) throw new StorageError('exists');
    const counter = new ByteCounter(Math.min(maxBytes, expectedBytes ?? maxBytes), expectedBytes);
    const source = body.iterator({ destroyOnReturn: false });
    let failure: unknown = null;
    const fail = (err: unknown) => {
      failure ??= err;
    };

    if (expectedBytes === undefined) {
      // No length to announce: the body (at most maxBytes) is gathered first. Routes always know it.
      const chunks: Buffer[] = [];
      await pipeline(source, counter, async (counted: AsyncIterable<Buffer>) => {
        for await (const chunk of counted) chunks.push(chunk);
      });
      await this.send(key, Buffer.concat(chunks), counter.bytes);
      return { size: counter.bytes };
    }

    const controller = new AbortController();
    const feeding = pipeline(source, counter).catch((err) => {
      fail(err);
      controller.abort();
    });
    try {
      await this.send(key, counter, expectedBytes, controller.signal);
    } catch (err) {
      fail(err);
      counter.destroy();
    }
    await feeding;
    if (failure !== null) {
      // A store may keep what arrived of an aborted body (s3rver does); the key was free and is random.
      if (!(failure instanceof StorageError && failure.code === 'exists')) {
        await this.remove(key).catch(() => {});
      }
      throw failure;
    }
    return { size: counter.bytes };
  }

  private async send(key: string, body: Buffer | Readable, length: number, abortSignal?: AbortSignal) {
    try {
      await this.client.send(
        // If-None-Match keeps objects write-once on stores that honour it (AWS, MinIO).
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: body,
          ContentLength: length,
          IfNoneMatch: '*',
        }),
        { abortSignal },
      );
    } catch (err) {
      if (statusOf(err) === 412) throw new StorageError('exists');
      throw err;
    }
  }

  async open(key: string): Promise<OpenedObject | null> {
    if (!isValidKey(key)) return null;
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: answer.ContentLength ?? 0, stream: answer.Body as Readable };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    if (!isValidKey(key)) return null;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    if (!isValidKey(key)) return;
    // Deleting a missing object succeeds in S3.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async removeMany(keys: readonly string[]): Promise<void> {
    // One DeleteObject each rather than DeleteObjects: that call needs a body checksum not every
    // S3-compatible server accepts, and a board holds few enough files.
    const queue = [...keys];
    const worker = async () => {
      for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
        try {
          await this.remove(key);
        } catch (err) {
          this.log.error({ err, key }, 'could not remove a stored object');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(REMOVE_CONCURRENCY, queue.length) }, worker));
  }

  async *list(prefix: string): AsyncIterable<{ key: string } & ObjectInfo> {
    const pages = paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix: prefix });
    for await (const page of pages) {
      for (const object of page.Contents ?? []) {
        const key = object.Key;
        if (key === undefined || !isValidKey(key)) continue;
        yield { key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
      }
    }
  }

  close(): void {
    this.client.destroy();
    this.signer.destroy();
  }
}
