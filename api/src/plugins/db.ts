/**
 * Kysely over PostgreSQL (DATABASE_URL) or over PGlite under DATA_DIR when no server is configured.
 * Both run the same migrations from `api/migrations` on start.
 */
import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import {
  type Dialect,
  Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresDialect,
  sql,
} from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Config } from '../config.js';
import type { Database } from '../database.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    /** The PostgreSQL pool, for its gauges (plugins/metrics.ts); null on PGlite. */
    dbPool: pg.Pool | null;
    /** The embedded database itself, for a backup's dump of it (backup/plugin.ts); null on PostgreSQL. */
    pglite: PGlite | null;
  }
}

/**
 * The contrib extensions the migrations create (search: pg_trgm, and unaccent for 'ё' as 'е'): PGlite
 * must load them whenever it opens a database, the backup command's PGlite included.
 */
export const PGLITE_EXTENSIONS = { pg_trgm, unaccent };

/**
 * Set in every database session. Search's typo match (`%>`, search/repository.ts) takes a title as
 * similar from a word similarity of 0.5 rather than pg_trgm's 0.6, so one letter missed from a
 * six-letter word ('задча' for 'задача': 0.5) still finds it. A session setting, since one search is
 * one statement. On PostgreSQL it travels in the connection's start-up packet (`options`), not as a
 * first query: a query failing there (the connection lost while it is made) would leave the client
 * checked out of the pool for good, and closing the pool would then wait for ever.
 */
const TYPO_THRESHOLD = { name: 'pg_trgm.word_similarity_threshold', value: '0.5' };

/** `migrations/` beside `src/`, in the source tree and in `dist/` alike. */
const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));

/** Loads every migration file of a folder; names sort by their date prefix. */
class FolderMigrationProvider implements MigrationProvider {
  constructor(private readonly folder: string) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(this.folder))
      .filter((file) => /\.(ts|js)$/.test(file) && !file.endsWith('.d.ts'))
      .sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      const name = file.replace(/\.(ts|js)$/, '');
      migrations[name] = (await import(pathToFileURL(join(this.folder, file)).href)) as Migration;
    }
    return migrations;
  }
}

async function createDialect(
  config: Config,
  log: FastifyBaseLogger,
): Promise<{ dialect: Dialect; pool: pg.Pool | null; pglite: PGlite | null }> {
  if (config.databaseUrl) {
    // A database out of reach fails a call within seconds (503, errors.ts) instead of holding it.
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: config.dbPoolSize,
      connectionTimeoutMillis: 3000,
      options: `-c ${TYPO_THRESHOLD.name}=${TYPO_THRESHOLD.value}`,
    });
    pool.on('error', (err) => log.error({ err }, 'idle database connection failed'));
    // A connection lost while checked out (a transaction, a queue poll) emits 'error' on its client,
    // which the pool only listens to while the client is idle: unheard, it would end the process.
    // The call using it fails on its own (503, errors.ts) and the pool drops the broken client.
    pool.on('connect', (client) => {
      client.on('error', (err) => log.warn({ err }, 'database connection lost'));
    });
    return { dialect: new PostgresDialect({ pool }), pool, pglite: null };
  }
  const memory = config.pgliteDir === 'memory://';
  if (!memory) await mkdir(config.pgliteDir, { recursive: true });
  const pglite = await PGlite.create(memory ? undefined : config.pgliteDir, {
    extensions: PGLITE_EXTENSIONS,
  });
  // PGlite is one session.
  await pglite.exec(`set ${TYPO_THRESHOLD.name} = ${TYPO_THRESHOLD.value}`);
  log.info({ dir: config.pgliteDir }, 'using embedded PGlite database');
  return { dialect: new PGliteDialect(pglite), pool: null, pglite };
}

/** One round trip to the database: /health/ready and the outage probe (plugins/outages.ts). */
export async function pingDatabase(db: Kysely<unknown>): Promise<void> {
  await sql`select 1`.execute(db);
}

export async function migrateToLatest(db: Kysely<unknown>, log: FastifyBaseLogger): Promise<void> {
  const migrator = new Migrator({ db, provider: new FolderMigrationProvider(MIGRATIONS_DIR) });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === 'Success') log.info({ migration: result.migrationName }, 'migrated');
    else if (result.status === 'Error') log.error({ migration: result.migrationName }, 'migration failed');
  }
  if (error) throw error;
}

export default fp(
  async (app) => {
    const { dialect, pool, pglite } = await createDialect(app.config, app.log);
    const db = new Kysely<Database>({ dialect });
    app.addHook('onClose', () => db.destroy());
    await migrateToLatest(db as Kysely<unknown>, app.log);
    app.decorate('db', db);
    app.decorate('dbPool', pool);
    app.decorate('pglite', pglite);
  },
  { name: 'db', dependencies: ['config'] },
);
