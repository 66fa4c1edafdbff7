/**
 * Outages of what the API depends on (PostgreSQL, Redis), told as an operator reads them: one log line
 * when an outage starts, one when it ends with how long it lasted and what it refused meanwhile, instead
 * of a line per refused call. An outage starts at the first failure a caller reports (`refused`); while
 * it lasts the dependency is probed every second, and the first answer ends it. /metrics counts the
 * same refusals (`kanban_refused_total{cause,kind}`, plugins/metrics.ts).
 */
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { pingDatabase } from './db.js';

export type Dependency = 'database' | 'redis';

/** What a dependency's absence refused or skipped: answers (503), queue polls, limiter checks, publishes. */
export type RefusedKind = 'request' | 'job' | 'rate_limit_check' | 'publish';

export interface Refusal {
  cause: Dependency;
  kind: RefusedKind;
  count: number;
}

export interface Outages {
  /** One call refused because `cause` is out of reach; the first of an outage starts it. */
  refused(cause: Dependency, kind: RefusedKind, err?: unknown): void;
  /** Whether an outage of `cause` is under way. */
  ongoing(cause: Dependency): boolean;
  /** Every refusal since start, by cause and kind (for /metrics). */
  totals(): Refusal[];
}

declare module 'fastify' {
  interface FastifyInstance {
    outages: Outages;
  }
}

const PROBE_INTERVAL_MS = 1000;

interface Ongoing {
  startedAt: number;
  refused: Partial<Record<RefusedKind, number>>;
  probe: NodeJS.Timeout;
}

export default fp(
  async (app) => {
    const probes: Record<Dependency, () => Promise<unknown>> = {
      database: () => pingDatabase(app.db as Kysely<unknown>),
      redis: () => app.redis?.ping() ?? Promise.resolve(),
    };
    const totals = new Map<string, Refusal>();
    const ongoing = new Map<Dependency, Ongoing>();
    let closed = false;

    const end = (cause: Dependency) => {
      const outage = ongoing.get(cause);
      if (!outage) return;
      clearInterval(outage.probe);
      ongoing.delete(cause);
      app.log.warn(
        { cause, durationMs: Date.now() - outage.startedAt, refused: outage.refused },
        `${cause} outage ended`,
      );
    };

    const start = (cause: Dependency, err: unknown): Ongoing => {
      app.log.warn({ cause, err }, `${cause} outage started`);
      let probing = false;
      const probe = setInterval(() => {
        if (probing || closed) return;
        probing = true;
        probes[cause]()
          .then(() => end(cause))
          .catch(() => {})
          .finally(() => {
            probing = false;
          });
      }, PROBE_INTERVAL_MS);
      probe.unref();
      const outage: Ongoing = { startedAt: Date.now(), refused: {}, probe };
      ongoing.set(cause, outage);
      return outage;
    };

    app.decorate('outages', {
      refused(cause, kind, err) {
        const key = `${cause}:${kind}`;
        const total = totals.get(key) ?? { cause, kind, count: 0 };
        total.count += 1;
        totals.set(key, total);
        if (closed) return;
        const outage = ongoing.get(cause) ?? start(cause, err);
        outage.refused[kind] = (outage.refused[kind] ?? 0) + 1;
      },
      ongoing: (cause) => ongoing.has(cause),
      totals: () => [...totals.values()].map((total) => ({ ...total })),
    } satisfies Outages);

    app.addHook('onClose', async () => {
      closed = true;
      for (const outage of ongoing.values()) clearInterval(outage.probe);
    });
  },
  { name: 'outages', dependencies: ['config', 'db', 'redis'] },
);
