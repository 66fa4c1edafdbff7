/**
 * Prometheus metrics at `/metrics` (text format, prom-client), one registry per app so several apps
 * in a process (tests) never share series. On the API's port the scrape needs
 * `Authorization: Bearer METRICS_TOKEN` and answers 404 when no token is set; METRICS_PORT serves the
 * same text on a port of its own without a token (keep that port private to the scraper's network).
 *
 * Series (beside prom-client's process and Node.js defaults):
 * - `http_request_duration_seconds{method,route,status_code}`: `route` is the route's pattern
 *   (`/api/board/:boardId`), never the URL, so ids do not multiply series.
 * - `kanban_sockets_open`, `kanban_board_subscriptions`, `kanban_boards_watched`: this instance's sockets.
 * - `kanban_realtime_fanout_seconds{source}`: `local` is commit -> emit here (announce is called right
 *   after the commit and emits to this instance's sockets and to Redis); `peer` is commit on another
 *   instance -> its update arriving here (clocks of the hosts compared).
 * - `kanban_cache_build_seconds{cache}` and `kanban_cache_requests_total{cache,result}`: building a
 *   board (or list) answer, and reads served from memory (`hit`) or built (`miss`).
 * - `kanban_db_pool_connections{state}` and `kanban_db_pool_waiting`: the PostgreSQL pool.
 * - `kanban_redis_up`: 1 while the Redis connection is ready (absent without REDIS_URL).
 * - `kanban_queue_depth{queue}`: jobs waiting in each pg-boss queue; `kanban_queue_errors_total`: failures
 *   of the queue's own work (polls, maintenance, recording a job's outcome).
 * - `kanban_refused_total{cause,kind}`: calls refused or skipped because PostgreSQL or Redis was out of
 *   reach (plugins/outages.ts): answers (503), queue polls, rate-limit checks, realtime publishes.
 * - `kanban_unhandled_rejections_total`: rejections nothing handled, logged and survived (process-faults.ts).
 */
import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { boardIdOfRoom } from 'contract/realtime';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { HttpError, MESSAGES } from '../errors.js';
import { processFaults } from '../process-faults.js';
import { cachesOf } from './versioned-cache.js';

export interface Metrics {
  registry: Registry;
  /** The port METRICS_PORT listens on (the real one when configured as 0), or null. */
  port: number | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

const LATENCY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export default fp(
  async (app) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });

    const requests = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by route pattern and status',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      requests.observe(
        { method: request.method, route, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });

    const { io } = app.realtime;
    new Gauge({
      name: 'kanban_sockets_open',
      help: 'Realtime sockets connected to this instance',
      registers: [registry],
      collect() {
        this.set(io.of('/').sockets.size);
      },
    });
    new Gauge({
      name: 'kanban_board_subscriptions',
      help: 'Sockets on this instance subscribed to a board',
      registers: [registry],
      collect() {
        let count = 0;
        for (const socket of io.of('/').sockets.values()) if (socket.data.boardId != null) count += 1;
        this.set(count);
      },
    });
    new Gauge({
      name: 'kanban_boards_watched',
      help: 'Distinct boards watched by sockets on this instance',
      registers: [registry],
      collect() {
        let count = 0;
        for (const room of io.of('/').adapter.rooms.keys()) if (boardIdOfRoom(room) !== null) count += 1;
        this.set(count);
      },
    });

    const fanout = new Histogram({
      name: 'kanban_realtime_fanout_seconds',
      help: 'Board update latency: commit -> emit here (local), commit elsewhere -> arrival here (peer)',
      labelNames: ['source'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    const announce = app.realtime.announce;
    app.realtime.announce = (...args) => {
      const started = performance.now();
      announce(...args);
      fanout.observe({ source: 'local' }, (performance.now() - started) / 1000);
    };
    app.realtime.onPeerUpdate((update) => {
      fanout.observe({ source: 'peer' }, Math.max(0, Date.now() - update.at) / 1000);
    });

    const builds = new Histogram({
      name: 'kanban_cache_build_seconds',
      help: 'Time to build a board or list answer that was not in memory',
      labelNames: ['cache'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    // The domain plugins make their caches as they load: they are there once the app is ready.
    app.addHook('onReady', async () => {
      for (const [name, cache] of cachesOf(app.db)) {
        cache.onBuild = (seconds) => builds.observe({ cache: name }, seconds);
      }
    });
    new Counter({
      name: 'kanban_cache_requests_total',
      help: 'Cached answers served from memory (hit) or built (miss)',
      labelNames: ['cache', 'result'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const [name, cache] of cachesOf(app.db)) {
          this.inc({ cache: name, result: 'hit' }, cache.hits);
          this.inc({ cache: name, result: 'miss' }, cache.misses);
        }
      },
    });

    const pool = app.dbPool;
    if (pool) {
      new Gauge({
        name: 'kanban_db_pool_connections',
        help: 'PostgreSQL pool connections by state',
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        },
      });
      new Gauge({
        name: 'kanban_db_pool_waiting',
        help: 'Queries waiting for a PostgreSQL pool connection',
        registers: [registry],
        collect() {
          this.set(pool.waitingCount);
        },
      });
    }

    const redis = app.redis;
    if (redis) {
      new Gauge({
        name: 'kanban_redis_up',
        help: '1 while the Redis connection is ready, 0 otherwise',
        registers: [registry],
        collect() {
          this.set(redis.status === 'ready' ? 1 : 0);
        },
      });
    }

    const { boss } = app.queue;
    new Gauge({
      name: 'kanban_queue_depth',
      help: 'Jobs waiting in each job queue',
      labelNames: ['queue'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        // A database out of reach leaves the series out of this scrape rather than failing it.
        try {
          for (const { name } of await boss.getQueues())
            this.set({ queue: name }, await boss.getQueueSize(name));
        } catch (err) {
          app.log.warn({ err }, 'queue depth not collected');
        }
      },
    });

    new Counter({
      name: 'kanban_queue_errors_total',
      help: "Failures of the job queue's own work: polls, maintenance, recording a job's outcome",
      registers: [registry],
      collect() {
        this.reset();
        this.inc(app.queue.errors());
      },
    });
    new Counter({
      name: 'kanban_refused_total',
      help: 'Calls refused or skipped because a dependency was out of reach, by cause and kind',
      labelNames: ['cause', 'kind'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const { cause, kind, count } of app.outages.totals()) this.inc({ cause, kind }, count);
      },
    });
    new Counter({
      name: 'kanban_unhandled_rejections_total',
      help: 'Promise rejections nothing handled in this process (logged with their stack, survived)',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(processFaults.unhandledRejections);
      },
    });

    const { metricsToken, metricsPort } = app.config;
    app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
      if (!metricsToken) throw new HttpError(404, { message: MESSAGES.notFound });
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) throw new HttpError(401, { message: MESSAGES.unauthorized });
      if (!sameToken(header.slice('Bearer '.length), metricsToken)) {
        throw new HttpError(403, { message: MESSAGES.forbidden });
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    });

    let server: Server | null = null;
    let port: number | null = null;
    if (metricsPort !== undefined && metricsPort !== null) {
      const metricsServer = createServer((req, res) => {
        if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
          res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
          res.end(JSON.stringify({ message: MESSAGES.notFound }));
          return;
        }
        registry.metrics().then(
          (text) => {
            res.writeHead(200, { 'content-type': registry.contentType });
            res.end(text);
          },
          (err: unknown) => {
            app.log.error({ err }, 'metrics scrape failed');
            res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
            res.end(JSON.stringify({ message: MESSAGES.internal }));
          },
        );
      });
      server = metricsServer;
      await new Promise<void>((resolve, reject) => {
        metricsServer.once('error', reject);
        metricsServer.listen(metricsPort, app.config.host, () => resolve());
      });
      port = (metricsServer.address() as AddressInfo).port;
      app.log.info({ port }, 'metrics served on their own port');
    }

    app.decorate('metrics', { registry, port } satisfies Metrics);
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    });
  },
  { name: 'metrics', dependencies: ['config', 'db', 'redis', 'realtime', 'queue', 'outages'] },
);
