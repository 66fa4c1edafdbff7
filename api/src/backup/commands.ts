/**
 * What `backup` and `restore` do (cli.ts reads the arguments), on the API's own configuration
 * (DATABASE_URL, DATA_DIR, S3_*: config.ts) and its storage drivers.
 *
 * backup: one archive (archive.ts) into a file, written as `<file>.partial` until it is whole and
 * read back, or to stdout. PostgreSQL is dumped by pg_dump while the API runs. The embedded database
 * can be open in one process only: a running API (its folder holds postmaster.pid) is asked to write
 * the archive (plugin.ts); a stopped one is opened here.
 * restore: into an empty database and an empty storage (restore.ts), with the API stopped; an archive
 * coming on stdin is kept in a temporary file first (it is read by name, with random access).
 */
import { createWriteStream, existsSync, statSync } from 'node:fs';
import { type FileHandle, mkdtemp, open, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { Config } from '../config.js';
import { openStorage } from '../plugins/storage.js';
import { OperatorError, openArchive } from './archive.js';
import { writeBackup } from './backup.js';
import { LOCK_FILE, openEmbedded, pgliteTarget } from './pglite.js';
import { openPostgres, postgresSource, postgresTarget } from './postgres.js';
import { restoreBackup } from './restore.js';
import { BACKUP_PATH, backupToken } from './token.js';

/** Progress and results go to stderr, so that stdout can carry the archive. */
export const say = (message: string) => process.stderr.write(`${message}\n`);

const pad = (n: number) => String(n).padStart(2, '0');

export function defaultName(now = new Date()): string {
  const date = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`;
  return `backup-${date}-${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}.zip`;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Asks the running API that has the embedded database open to write the archive into `sink`. */
async function fromRunningApi(config: Config, sink: Writable): Promise<void> {
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${config.port}${BACKUP_PATH}`;
  say(`The embedded database is open: asking the API at ${url} for the backup`);
  let answer: Response;
  try {
    answer = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${backupToken(config.jwtSecret, config.pgliteDir)}` },
    });
  } catch {
    throw new OperatorError(
      `The embedded database in ${config.pgliteDir} is open (${LOCK_FILE}), but no API answers at ${url}. ` +
        'Run the backup with the same PORT and HOST as the API; if the API stopped without closing the ' +
        'database, start it once and stop it, then run the backup again.',
    );
  }
  if (answer.status !== 200 || answer.body === null) {
    const text = await answer.text().catch(() => '');
    throw new OperatorError(`The API at ${url} refused the backup (${answer.status} ${text}).`);
  }
  try {
    await pipeline(Readable.fromWeb(answer.body as WebReadableStream), sink);
  } catch {
    throw new OperatorError(`The API at ${url} stopped sending the backup midway: see its log.`);
  }
}

/** Writes the installation's archive into `sink`. */
async function produce(config: Config, sink: Writable): Promise<void> {
  const { storage, close } = await openStorage(config);
  try {
    if (config.databaseUrl) {
      const db = openPostgres(config.databaseUrl);
      try {
        await writeBackup({ source: postgresSource(db, config.databaseUrl), storage, sink, log: say });
        return;
      } finally {
        await db.destroy();
      }
    }
    if (existsSync(join(config.pgliteDir, LOCK_FILE))) {
      await fromRunningApi(config, sink);
      return;
    }
    const embedded = await openEmbedded(config.pgliteDir);
    try {
      await writeBackup({ source: embedded.source, storage, sink, log: say });
    } finally {
      await embedded.close();
    }
  } finally {
    close();
  }
}

export async function backup(config: Config, out: string | undefined, here: string): Promise<void> {
  if (out === '-') {
    await produce(config, process.stdout);
    return;
  }
  let file = resolve(here, out ?? defaultName());
  const isFolder = existsSync(file) && statSync(file).isDirectory();
  if (isFolder) file = join(file, defaultName());
  else if (out?.endsWith('/')) throw new OperatorError(`There is no folder ${file}.`);
  if (existsSync(file)) throw new OperatorError(`${file} already exists.`);
  // Written under another name until it is whole and read back.
  const partial = `${file}.partial`;
  let output: FileHandle;
  try {
    output = await open(partial, 'wx');
  } catch (err) {
    throw new OperatorError(`Cannot write ${partial}: ${(err as Error).message}`);
  }
  try {
    await produce(config, output.createWriteStream());
    const archive = await openArchive(partial);
    archive.close();
    await rename(partial, file);
    const { createdAt, objects, database } = archive.manifest;
    say(
      `Backup written to ${file}: the ${database.kind} database as of ${createdAt} and ` +
        `${objects.count} stored files (${megabytes(objects.bytes)}).`,
    );
  } finally {
    // Closed by its stream once written; still open when the backup failed before writing.
    await output.close().catch(() => {});
    await rm(partial, { force: true });
  }
}

export async function restore(config: Config, from: string, here: string): Promise<void> {
  let temporary: string | null = null;
  let path = resolve(here, from);
  if (from === '-') {
    // The archive is read by name, with random access: stdin is kept in a file first.
    temporary = await mkdtemp(join(tmpdir(), 'kanban-restore-'));
    path = join(temporary, 'backup.zip');
    await pipeline(process.stdin, createWriteStream(path));
  }
  const { storage, close } = await openStorage(config);
  const db = config.databaseUrl ? openPostgres(config.databaseUrl) : null;
  try {
    const target =
      db && config.databaseUrl ? postgresTarget(db, config.databaseUrl) : pgliteTarget(config.pgliteDir);
    const manifest = await restoreBackup({ path, target, storage, log: say });
    say(
      `Restored the ${manifest.database.kind} database as of ${manifest.createdAt} and ` +
        `${manifest.objects.count} stored files: the API can start.`,
    );
  } finally {
    await db?.destroy();
    close();
    if (temporary) await rm(temporary, { recursive: true, force: true });
  }
}
