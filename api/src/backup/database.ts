/**
 * What a backup needs of a database (a snapshot: the storage keys its rows name and a dump of that
 * same moment) and what a restore needs of one (a check that it is empty, and the load of a dump).
 * postgres.ts and pglite.ts answer for each kind.
 */
import type { Readable } from 'node:stream';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database.js';
import type { ArchiveWriter, DatabaseKind } from './archive.js';

export interface Snapshot {
  /** The moment the snapshot shows. */
  takenAt: Date;
  /** Every storage key the rows name at that moment. */
  keys: Set<string>;
  /** Writes the database as of the snapshot into the archive, as its kind's dump entry. */
  writeDump(archive: ArchiveWriter): Promise<void>;
}

export interface BackupSource {
  kind: DatabaseKind;
  serverVersion(): Promise<string>;
  /** Takes a snapshot and runs `use` while it holds (PostgreSQL keeps its transaction open till then). */
  withSnapshot<T>(use: (snapshot: Snapshot) => Promise<T>): Promise<T>;
}

export interface RestoreTarget {
  kind: DatabaseKind;
  /** Refuses (OperatorError) unless the database holds nothing yet. */
  checkEmpty(): Promise<void>;
  /** Loads a dump (the archive's database entry) into the empty database. */
  restore(dump: Readable): Promise<void>;
}

/** `select version()`, for the manifest. */
export async function serverVersion(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ version: string }>`select version() as version`.execute(db);
  return rows[0]?.version ?? 'unknown';
}
