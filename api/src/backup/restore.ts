/**
 * Brings a backup archive (archive.ts) back into an empty database and an empty storage: the
 * database first (PostgreSQL in one transaction), then every object under its key. It refuses before
 * writing anything when the archive is not a whole backup, names the other kind of database, or when
 * the database or the storage already holds something: a restore never mixes two installations.
 * The dump carries the migrations it was taken at, so the API starts on the result as it is.
 */
import type { Storage } from '../plugins/storage-contract.js';
import { type Manifest, OBJECTS, OperatorError, openArchive } from './archive.js';
import type { RestoreTarget } from './database.js';

export interface RestoreOptions {
  /** The archive file (read with random access: a file, not a pipe). */
  path: string;
  target: RestoreTarget;
  storage: Storage;
  log?: (message: string) => void;
}

const NAMES: Record<RestoreTarget['kind'], string> = {
  postgresql: 'PostgreSQL (DATABASE_URL)',
  pglite: 'the embedded database (no DATABASE_URL)',
};

export async function restoreBackup({
  path,
  target,
  storage,
  log = () => {},
}: RestoreOptions): Promise<Manifest> {
  const archive = await openArchive(path);
  try {
    const { manifest } = archive;
    if (manifest.database.kind !== target.kind) {
      throw new OperatorError(
        `This backup holds ${NAMES[manifest.database.kind]}, but the configuration names ${NAMES[target.kind]}.`,
      );
    }
    await target.checkEmpty();
    for await (const object of storage.list('')) {
      throw new OperatorError(
        `The file storage is not empty (it holds ${object.key}): restore only into an empty folder or bucket.`,
      );
    }

    log(`restoring the database as of ${manifest.createdAt}`);
    await target.restore(await archive.open(manifest.database.entry));
    log(`restoring ${archive.objects.size} stored files`);
    for (const [key, size] of archive.objects) {
      await storage.put(key, await archive.open(`${OBJECTS}${key}`), {
        maxBytes: Number.MAX_SAFE_INTEGER,
        expectedBytes: size,
      });
    }
    return manifest;
  } finally {
    archive.close();
  }
}
