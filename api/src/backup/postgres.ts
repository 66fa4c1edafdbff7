/**
 * A PostgreSQL installation's side of a backup: `pg_dump --format=custom` of an exported snapshot and
 * `pg_restore` of it into an empty database. The client tools must be on PATH and at least the
 * server's version (the API's image has Debian's, 15, as compose's server).
 *
 * The snapshot is a repeatable-read transaction that exports itself (`pg_export_snapshot()`): the
 * storage keys its rows name are read in it, and pg_dump dumps that very snapshot (`--snapshot`), so
 * the dump and the keys the backup makes sure to copy show the same moment while edits go on.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../database.js';
import { namedStorageKeys } from '../files/index.js';
import { DUMP_ENTRY, OperatorError } from './archive.js';
import { type BackupSource, type RestoreTarget, serverVersion } from './database.js';

/** The connection string for the tools, its password moved to PGPASSWORD (off the command line). */
function toolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : process.env,
  };
}

/** Runs pg_dump or pg_restore (`file`: pg_restore's input); a failure carries the tool's own words. */
async function runTool(command: string, url: string, options: string[], file?: string): Promise<void> {
  const { dbname, env } = toolConnection(url);
  const args = [...options, '--no-password', `--dbname=${dbname}`, ...(file === undefined ? [] : [file])];
  const child = spawn(command, args, {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    if (stderr.length < 16_384) stderr += text;
  });
  let code: number | null;
  try {
    [code] = (await once(child, 'close')) as [number | null];
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new OperatorError(
        `${command} was not found: install the PostgreSQL client tools (the server's version or newer).`,
      );
    }
    throw err;
  }
  if (code !== 0) throw new OperatorError(`${command} failed (exit ${code}):\n${stderr.trim()}`);
}

async function withTemporaryFolder<T>(use: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'kanban-backup-'));
  try {
    return await use(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The command's own small pool on DATABASE_URL; `destroy()` it when done. */
export function openPostgres(url: string): Kysely<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  // An idle or closing connection the server ends (a restart, a dropped database) is not this
  // command's failure: a query on it fails on its own. Unheard, the pool's event would end the process.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

export function postgresSource(db: Kysely<Database>, url: string): BackupSource {
  return {
    kind: 'postgresql',
    serverVersion: () => serverVersion(db),
    withSnapshot: (use) =>
      db.connection().execute(async (connection) => {
        await sql`begin isolation level repeatable read read only`.execute(connection);
        try {
          const { rows } = await sql<{ id: string; at: Date }>`
            select pg_export_snapshot() as id, now() as at`.execute(connection);
          const [{ id, at }] = rows as [{ id: string; at: Date }];
          const keys = await namedStorageKeys(connection);
          const result = await use({
            takenAt: at,
            keys,
            // A file first: the dump's table of contents then has every offset, which a restore may use.
            writeDump: (archive) =>
              withTemporaryFolder(async (dir) => {
                const file = join(dir, 'postgresql.dump');
                await runTool('pg_dump', url, ['--format=custom', `--snapshot=${id}`, `--file=${file}`]);
                await archive.add(DUMP_ENTRY.postgresql, createReadStream(file));
              }),
          });
          await sql`commit`.execute(connection);
          return result;
        } catch (err) {
          await sql`rollback`.execute(connection).catch(() => {});
          throw err;
        }
      }),
  };
}

export function postgresTarget(db: Kysely<Database>, url: string): RestoreTarget {
  return {
    kind: 'postgresql',
    async checkEmpty() {
      const { rows } = await sql<{ count: string }>`
        select count(*) as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
          and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'`.execute(db);
      const tables = Number(rows[0]?.count ?? 0);
      if (tables > 0) {
        throw new OperatorError(
          `The database is not empty (${tables} tables): restore only into a new, empty database, ` +
            'before any API instance has started on it.',
        );
      }
    },
    restore: (dump: Readable) =>
      withTemporaryFolder(async (dir) => {
        const file = join(dir, 'postgresql.dump');
        await pipeline(dump, createWriteStream(file));
        // One transaction: a failed restore leaves the database empty, ready for another try. The
        // roles of the source need not exist here: objects belong to the user restoring.
        await runTool(
          'pg_restore',
          url,
          ['--no-owner', '--no-acl', '--exit-on-error', '--single-transaction'],
          file,
        );
      }),
  };
}
