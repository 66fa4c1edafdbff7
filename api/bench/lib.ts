/**
 * Shared pieces of the benchmarks: the app on a fresh PostgreSQL database, one measured run, one
 * GET with its bytes, and percentiles.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { type Agent, request as httpRequest } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { type Stack, startStack } from '../../scripts/lib/stack.mjs';
import { type App, buildApp } from '../src/app.js';
import { type Config, OWASP_SCRYPT } from '../src/config.js';
import { GENEROUS_LIMITS, testConfig } from '../test/fixtures.js';
import { createTempDatabase } from '../test/pg.js';

export interface BenchApp {
  app: App;
  url: string;
  close(): Promise<void>;
}

/** Production settings (OWASP scrypt, PostgreSQL) except limits that would throttle the load. */
export async function startApp(overrides: Partial<Config> = {}): Promise<BenchApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'kanban-bench-'));
  const database = await createTempDatabase('kanban_bench_');
  const config = testConfig(dataDir, {
    databaseUrl: database.url,
    // PostgreSQL runs on the same 2-core machine as the API and the load generator: a pool of
    // 2 x cores + 1 (PostgreSQL wiki's starting point) keeps its backends from fighting for the cores.
    dbPoolSize: Number(process.env.BENCH_DB_POOL ?? 2 * availableParallelism() + 1),
    scrypt: OWASP_SCRYPT,
    rateLimits: GENEROUS_LIMITS,
    logLevel: 'warn',
    tokenTtl: '1h',
    ...overrides,
  });
  const app = buildApp(config);
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (err) {
    await app.close();
    await database.drop();
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Measure {
  title: string;
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: unknown;
  connections: number;
  seconds: number;
}

export interface Figures {
  title: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

function load(run: Measure) {
  return autocannon({
    url: run.url,
    method: run.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...run.headers },
    ...(run.body !== undefined && { body: JSON.stringify(run.body) }),
    connections: run.connections,
    duration: run.seconds,
    // A worker thread keeps the load generator off the server's event loop.
    workers: Number(process.env.BENCH_WORKERS ?? 1),
  });
}

/** A short unmeasured run, so the JIT and the connection pool are warm. */
export async function warmUp(run: Measure): Promise<void> {
  await load({ ...run, seconds: 2 });
}

/** Waits for work that outlived a run (slow requests still in flight) to finish. */
export async function settle(ms = 3000): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

export async function measure(run: Measure): Promise<Figures> {
  const result = await load(run);
  const figures = {
    title: run.title,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
  console.log(
    `${figures.title}: ${figures.requestsPerSecond.toFixed(0)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms, ` +
      `non-2xx ${figures.non2xx}, errors ${figures.errors} (${run.connections} connections, ${run.seconds} s)`,
  );
  return figures;
}

/** Prints whether a run met its target; the process exit code reflects misses. */
export function target(figures: Figures, minRequestsPerSecond: number, maxP99: number): boolean {
  const met =
    figures.requestsPerSecond >= minRequestsPerSecond &&
    figures.p99 < maxP99 &&
    figures.non2xx === 0 &&
    figures.errors === 0;
  console.log(
    `${figures.title} target (>= ${minRequestsPerSecond} req/s, p99 < ${maxP99} ms, no failures): ${met ? 'met' : 'MISSED'}`,
  );
  return met;
}

/** Nearest-rank percentile `p` (0-100) of `values` (any order); NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

export interface Answer {
  status: number;
  ms: number;
  /** The body as it came (compressed when `encoding` says so). */
  body: Buffer;
  encoding: string | undefined;
  /** The status line and headers as received, in bytes. */
  headerBytes: number;
}

/** One GET on `agent`, with the body kept as received. */
export function get(url: string, headers: Record<string, string>, agent: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest(url, { headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        let headerBytes = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n\r\n`.length;
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          headerBytes += Buffer.byteLength(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`);
        }
        resolve({
          status: res.statusCode ?? 0,
          ms: performance.now() - started,
          body: Buffer.concat(chunks),
          encoding: res.headers['content-encoding'],
          headerBytes,
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Runs `run` against the production topology of `pnpm stack` (nginx in front of two API instances
 * and one static nginx per front end, serving the workspace's builds) on a fresh database, on `port`;
 * stops it and removes the database and the deploy folder afterwards.
 */
export async function withStack<T>(
  name: string,
  port: number,
  run: (stack: Stack) => Promise<T>,
): Promise<T> {
  const database = await createTempDatabase(`kanban_${name}_`);
  const deployDir = await mkdtemp(join(tmpdir(), `kanban-${name}-`));
  let stack: Stack | null = null;
  try {
    stack = await startStack({
      deployDir,
      port,
      databaseUrl: database.url,
      redisPrefix: `${database.url.split('/').pop()}:`,
      logLevel: 'warn',
      quiet: true,
    });
    return await run(stack);
  } finally {
    await stack?.stop();
    await database.drop();
    await rm(deployDir, { recursive: true, force: true });
  }
}
