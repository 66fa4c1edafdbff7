/**
 * The embedded database's side of a backup: PGlite's own dump of its data folder (`dumpDataDir`, a
 * tar) and the load of one into a new folder (`loadDataDir`). A folder can be open in one process
 * only, so a backup is taken by whichever process has it open: the running API (backup/plugin.ts)
 * or, with the API stopped, the backup command itself (`openEmbedded`).
 *
 * The snapshot holds Kysely's one connection to PGlite, which every query of the app and of its job
 * queue goes through, while the keys are read and the folder is copied: it is taken between two
 * transactions, and the copy shows the same moment as the keys.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import type { Database } from '../database.js';
import { namedStorageKeys } from '../files/index.js';
import { PGLITE_EXTENSIONS } from '../plugins/db.js';
import { DUMP_ENTRY, OperatorError, readAll } from './archive.js';
import { type BackupSource, type RestoreTarget, serverVersion } from './database.js';

/** PostgreSQL writes this into a data folder it has open and removes it when it closes. */
export const LOCK_FILE = 'postmaster.pid';

const holdsDatabase = (dir: string) => existsSync(join(dir, 'PG_VERSION'));

export function pgliteSource(pglite: PGlite, db: Kysely<Database>): BackupSource {
  return {
    kind: 'pglite',
    serverVersion: () => serverVersion(db),
    async withSnapshot(use) {
      const { keys, dump, takenAt } = await db.connection().execute(async (connection) => ({
        keys: await namedStorageKeys(connection),
        dump: await pglite.dumpDataDir('none'),
        takenAt: new Date(),
      }));
      const bytes = Buffer.from(await dump.arrayBuffer());
      return use({
        takenAt,
        keys,
        writeDump: (archive) => archive.add(DUMP_ENTRY.pglite, Readable.from([bytes]), { compress: true }),
      });
    },
  };
}

/** A stopped installation's database, opened by the backup command; `close` when done. */
export async function openEmbedded(dir: string) {
  if (!holdsDatabase(dir)) throw new OperatorError(`There is no embedded database in ${dir}.`);
  const pglite = await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return { source: pgliteSource(pglite, db), close: () => db.destroy() };
}

export function pgliteTarget(dir: string): RestoreTarget {
  return {
    kind: 'pglite',
    async checkEmpty() {
      if (holdsDatabase(dir)) {
        throw new OperatorError(
          `${dir} already holds a database: restore only into a new DATA_DIR (or move this one away), ` +
            'with the API stopped.',
        );
      }
    },
    async restore(dump) {
      const tar = await readAll(dump);
      await mkdir(dir, { recursive: true });
      // Opening it once lets PostgreSQL finish the folder (a copy of a running database recovers to
      // its last commit) and leaves it closed cleanly for the API.
      const pglite = await PGlite.create(dir, {
        loadDataDir: new Blob([tar]),
        extensions: PGLITE_EXTENSIONS,
      });
      await pglite.query('select 1');
      await pglite.close();
    },
  };
}
