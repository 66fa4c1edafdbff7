/**
 * The job queue every background task shares: pg-boss 10 (the last line for Node 20), given the
 * app's Kysely instance as its database (queue-db.ts), so it shares the pool on PostgreSQL and runs
 * unchanged on embedded PGlite; it creates and migrates its own `pgboss` schema. Its cron offers a
 * scheduled job from each instance's clock and a singleton key per tick keeps one for the whole
 * cluster; whichever instance fetches a job (`FOR UPDATE SKIP LOCKED`) runs it, so a job runs once
 * however many instances there are.
 *
 * Domains declare their queues with `app.queue.setup` (run under a cluster-wide lock: instances
 * starting together on a new database would otherwise create the same queues at once, which
 * PostgreSQL answers with a deadlock or a duplicate key) and their workers with `app.queue.work`,
 * which refuses jobs once the app is closing (they are retried elsewhere) and is waited for on close.
 */
import fp from 'fastify-plugin';
import { sql, type Transaction } from 'kysely';
import PgBoss from 'pg-boss';
import type { Database } from '../database.js';
import { isDatabaseUnavailable } from '../errors.js';
import { inTransaction, QueueDb } from './queue-db.js';

export interface Queue {
  boss: PgBoss;
  /** Runs `fn` (creating queues, schedules) under the cluster-wide start lock. */
  setup(fn: (boss: PgBoss) => Promise<void>): Promise<void>;
  /** A worker for `name`; answers its id (for `boss.notifyWorker`). */
  work<T>(
    name: string,
    options: PgBoss.WorkOptions,
    handler: (jobs: PgBoss.Job<T>[]) => Promise<void>,
  ): Promise<string>;
  /** pg-boss's `db` option for an insert that must commit or roll back with `trx`. */
  inTransaction(trx: Transaction<Database>): ReturnType<typeof inTransaction>;
  /** Failures of the queue's own work since start (polls, maintenance, recording outcomes). */
  errors(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    queue: Queue;
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The advisory lock under which an instance installs the queue and creates its queues. */
const START_LOCK = 0x6b616e62; // 'kanb'

export default fp(
  async (app) => {
    // Without DATABASE_URL the database is PGlite (plugins/db.ts).
    const queueDb = new QueueDb(app.db, app.config.databaseUrl === null);
    const boss = new PgBoss({ db: queueDb });
    let closing = false;
    let handlersRunning = 0;
    let errors = 0;
    // Every failure of the queue's own work arrives here: its polls and maintenance, and (patches/
    // pg-boss) recording a job's outcome, which pg-boss 10.4 left as an unhandled rejection.
    boss.on('error', (err) => {
      errors += 1;
      if (closing) return;
      if (isDatabaseUnavailable(err)) app.outages.refused('database', 'job', err);
      else app.log.warn({ err }, 'job queue error');
    });

    async function setup(fn: (boss: PgBoss) => Promise<void>): Promise<void> {
      // PGlite has one connection and one instance: no lock needed (nor possible beside Kysely).
      if (app.config.databaseUrl === null) return fn(boss);
      await app.db.connection().execute(async (conn) => {
        await sql`select pg_advisory_lock(${START_LOCK})`.execute(conn);
        try {
          await fn(boss);
        } finally {
          await sql`select pg_advisory_unlock(${START_LOCK})`.execute(conn);
        }
      });
    }

    await setup(async () => {
      await boss.start();
    });

    async function work<T>(
      name: string,
      options: PgBoss.WorkOptions,
      handler: (jobs: PgBoss.Job<T>[]) => Promise<void>,
    ): Promise<string> {
      return boss.work<T>(name, options, async (jobs) => {
        if (closing) throw new Error('shutting down');
        handlersRunning += 1;
        try {
          await handler(jobs);
        } catch (err) {
          app.log.error({ err, queue: name }, 'job failed');
          throw err;
        } finally {
          handlersRunning -= 1;
        }
      });
    }

    app.decorate('queue', { boss, setup, work, inTransaction, errors: () => errors } satisfies Queue);

    app.addHook('onClose', async () => {
      closing = true;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      // A fetch already under way when the workers stopped still completes or fails its jobs; the
      // pool closes after the queue's last query.
      for (let quiet = 0, waited = 0; quiet < 2 && waited < 5000; waited += 10) {
        quiet = queueDb.busy || handlersRunning > 0 ? 0 : quiet + 1;
        await delay(10);
      }
      queueDb.close();
    });
  },
  { name: 'queue', dependencies: ['config', 'db', 'outages'] },
);
