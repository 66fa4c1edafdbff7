/**
 * Object storage for uploaded files and avatars. `Storage` is the interface the routes use; the
 * default `LocalDiskStorage` keeps each object as one file under `DATA_DIR/uploads/<key>`.
 *
 * With S3_BUCKET set, `S3Storage` (s3-storage.ts) keeps them in an S3-protocol bucket instead.
 *
 * Keys are made by the server (`boards/<boardId>/<uuid>`, `avatars/<userId>/<uuid>`) and checked
 * against a strict pattern before any path is built, so no name from a client ever reaches the file
 * system. A body streams to a temporary file beside its final place (never held in memory), its
 * bytes are counted as they pass and the write stops at the first byte over the limit; only a
 * complete body of the expected size is linked into place, and the temporary file is removed on
 * every path. Objects are written once: a second put to an existing key fails.
 */
import { randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { link, mkdir, open, readdir, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import {
  ByteCounter,
  isValidKey,
  type ObjectInfo,
  type OpenedObject,
  type PutOptions,
  type Storage,
  StorageError,
} from './storage-contract.js';

export {
  type DirectLinks,
  isValidKey,
  KEY_PATTERN,
  type ObjectInfo,
  type OpenedObject,
  type PutOptions,
  type Storage,
  StorageError,
  type StorageErrorCode,
} from './storage-contract.js';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

const isCode = (err: unknown, code: string) => (err as NodeJS.ErrnoException | null)?.code === code;

export class LocalDiskStorage implements Storage {
  constructor(
    readonly root: string,
    private readonly log: { error(obj: object, msg: string): void } = console,
  ) {}

  private pathOf(key: string): string {
    if (!isValidKey(key)) throw new StorageError('invalid-key');
    return join(this.root, key);
  }

  async put(key: string, body: Readable, { maxBytes, expectedBytes }: PutOptions): Promise<{ size: number }> {
    const path = this.pathOf(key);
    if (await this.stat(key)) throw new StorageError('exists');
    await mkdir(dirname(path), { recursive: true });
    // Same folder as the object, so linking it into place never crosses a file system; the leading
    // dot keeps it outside KEY_PATTERN.
    const temporary = join(dirname(path), `.${randomBytes(12).toString('hex')}.part`);
    const counter = new ByteCounter(Math.min(maxBytes, expectedBytes ?? maxBytes));
    // Created before any byte flows, so the cleanup below can never run ahead of the file's creation.
    const file = await open(temporary, 'wx', 0o600);
    try {
      // The caller owns `body`: a refused write stops reading it but does not destroy it (destroying
      // a request would drop the connection before the client hears why).
      const source = body.iterator({ destroyOnReturn: false });
      await pipeline(source, counter, file.createWriteStream());
      if (expectedBytes !== undefined && counter.bytes !== expectedBytes) throw new StorageError('too-small');
      try {
        // link() refuses to replace an existing object, where rename() would silently overwrite it.
        await link(temporary, path);
      } catch (err) {
        throw isCode(err, 'EEXIST') ? new StorageError('exists') : err;
      }
      return { size: counter.bytes };
    } finally {
      await file.close().catch(() => {});
      await rm(temporary, { force: true });
    }
  }

  async open(key: string): Promise<OpenedObject | null> {
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(this.pathOf(key), 'r');
    } catch (err) {
      if (isCode(err, 'ENOENT') || err instanceof StorageError) return null;
      throw err;
    }
    try {
      const { size } = await handle.stat();
      // The stream owns the handle from here and closes it when it ends or is destroyed.
      return { size, stream: handle.createReadStream({ highWaterMark: 256 * 1024 }) };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size, modifiedAt: info.mtime } : null;
    } catch (err) {
      if (isCode(err, 'ENOENT') || err instanceof StorageError) return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    // Nothing can be stored under a key outside the pattern, so there is nothing to remove.
    if (!isValidKey(key)) return;
    try {
      await unlink(this.pathOf(key));
    } catch (err) {
      if (!isCode(err, 'ENOENT')) throw err;
    }
  }

  async removeMany(keys: readonly string[]): Promise<void> {
    const results = await Promise.allSettled(keys.map((key) => this.remove(key)));
    results.forEach((result, i) => {
      if (result.status === 'rejected') {
        this.log.error({ err: result.reason, key: keys[i] }, 'could not remove a stored object');
      }
    });
  }

  async *list(prefix: string): AsyncIterable<{ key: string } & ObjectInfo> {
    let entries: Dirent[];
    try {
      entries = await readdir(join(this.root, prefix), { recursive: true, withFileTypes: true });
    } catch (err) {
      if (isCode(err, 'ENOENT')) return;
      throw err;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const key = relative(this.root, join(entry.parentPath, entry.name)).split(sep).join('/');
      if (!key.startsWith(prefix) || !isValidKey(key)) continue;
      const info = await this.stat(key);
      if (info) yield { key, ...info };
    }
  }
}

/**
 * The driver the configuration names: the bucket when S3_BUCKET is set, else `DATA_DIR/uploads`.
 * The app's plugin below and the backup commands (backup/cli.ts) open storage the same way.
 */
export async function openStorage(
  config: Pick<Config, 'dataDir' | 's3'>,
  log: { error(obj: object, msg: string): void } = console,
): Promise<{ storage: Storage; close(): void }> {
  if (config.s3) {
    const { S3Storage } = await import('./s3-storage.js');
    const storage = new S3Storage(config.s3, log);
    return { storage, close: () => storage.close() };
  }
  const root = join(config.dataDir, 'uploads');
  await mkdir(root, { recursive: true });
  return { storage: new LocalDiskStorage(root, log), close: () => {} };
}

export default fp(
  async (app) => {
    const { storage, close } = await openStorage(app.config, app.log);
    app.decorate('storage', storage);
    app.addHook('onClose', async () => close());
  },
  { name: 'storage', dependencies: ['config'] },
);
