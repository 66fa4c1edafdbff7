/**
 * Writes one backup archive (archive.ts) of a running or stopped installation: every stored object
 * and a database dump, consistent with each other while edits go on.
 *
 * Why the objects are copied in two rounds around the snapshot (docs/decisions.md, "Backup and
 * restore"): an object is written before the row naming it commits (upload, then add), and removed
 * only after the row's deletion commits (file delete, emptied trash, purge, replaced avatar, sweep).
 * So every object a snapshot's rows name existed before the snapshot, but may be removed any time
 * after it. Round one copies everything storage lists, before the snapshot: that holds every object
 * named by the snapshot except those uploaded while round one ran. Round two, after the snapshot,
 * copies the keys its rows name that round one did not hold. A key missing then was removed after
 * the snapshot (its row deleted meanwhile), so a new snapshot is taken (its rows no longer name it);
 * a key still missing in the next snapshot was missing before the backup began, and is reported.
 */
import type { Writable } from 'node:stream';
import type { Storage } from '../plugins/storage-contract.js';
import {
  ArchiveWriter,
  DUMP_ENTRY,
  FORMAT,
  MANIFEST,
  type Manifest,
  OBJECTS,
  OperatorError,
  VERSION,
} from './archive.js';
import type { BackupSource } from './database.js';

/** Snapshots taken before giving up on a database whose files keep being deleted under the backup. */
const ATTEMPTS = 5;

export interface BackupOptions {
  source: BackupSource;
  storage: Storage;
  /** Where the archive goes: a file, stdout, an HTTP answer. Destroyed when the backup fails. */
  sink: Writable;
  log?: (message: string) => void;
  /** Test seams: run after round one, and after each snapshot is taken. */
  hooks?: {
    objectsCopied?: () => Promise<void>;
    snapshotTaken?: (attempt: number) => Promise<void>;
  };
}

export async function writeBackup({ source, storage, sink, log = () => {}, hooks }: BackupOptions) {
  const archive = new ArchiveWriter(sink);
  const copied = new Map<string, number>();
  /** Copies one object; false when storage no longer has it. */
  const copy = async (key: string): Promise<boolean> => {
    const opened = await storage.open(key);
    if (!opened) return false;
    await archive.add(`${OBJECTS}${key}`, opened.stream, { size: opened.size });
    copied.set(key, opened.size);
    return true;
  };

  try {
    for await (const { key } of storage.list('')) {
      if (!copied.has(key)) await copy(key);
    }
    log(`${copied.size} stored files copied; taking the database snapshot`);
    await hooks?.objectsCopied?.();

    let lost: string[] = [];
    let takenAt: Date | null = null;
    for (let attempt = 1; takenAt === null; attempt += 1) {
      takenAt = await source.withSnapshot(async (snapshot) => {
        await hooks?.snapshotTaken?.(attempt);
        const missing: string[] = [];
        for (const key of snapshot.keys) {
          if (!copied.has(key) && !(await copy(key))) missing.push(key);
        }
        // Missing in two snapshots in a row: not a removal racing this backup, but a hole that was there.
        const removedMeanwhile = missing.filter((key) => !lost.includes(key));
        lost = missing;
        if (removedMeanwhile.length > 0) {
          if (attempt === ATTEMPTS) {
            throw new OperatorError(
              `Files kept being deleted during the backup (${ATTEMPTS} snapshots): try again at a quieter time.`,
            );
          }
          log(`${removedMeanwhile.length} files were deleted during the backup; taking a new snapshot`);
          return null;
        }
        await snapshot.writeDump(archive);
        return snapshot.takenAt;
      });
    }
    for (const key of lost) log(`warning: ${key} is named by the database but missing from storage`);

    const manifest: Manifest = {
      format: FORMAT,
      version: VERSION,
      createdAt: takenAt.toISOString(),
      database: {
        kind: source.kind,
        entry: DUMP_ENTRY[source.kind],
        serverVersion: await source.serverVersion(),
      },
      objects: {
        count: copied.size,
        bytes: [...copied.values()].reduce((sum, size) => sum + size, 0),
        missing: lost,
      },
    };
    archive.addJson(MANIFEST, manifest);
    await archive.finish();
    return manifest;
  } catch (err) {
    archive.abort(err instanceof Error ? err : new Error(String(err)));
    throw err;
  }
}
