/** Builds the app against a fresh PostgreSQL database and offers small helpers for API tests. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { type App, buildApp } from '../src/app.js';
import { type Config, DEFAULT_RATE_LIMITS, type RateLimits } from '../src/config.js';
import type { Database } from '../src/database.js';
import { createTempDatabase } from './pg.js';

/** Cheap scrypt so tests stay fast; production keeps the OWASP cost. */
export const TEST_SCRYPT = { N: 1024, r: 8, p: 1 };

const generous = { max: 10_000, windowMs: 60_000 };
export const GENEROUS_LIMITS = Object.fromEntries(
  Object.keys(DEFAULT_RATE_LIMITS).map((key) => [key, generous]),
) as unknown as RateLimits;

export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  return {
    production: false,
    port: 0,
    host: '127.0.0.1',
    databaseUrl: null,
    pgliteDir: 'memory://',
    dbPoolSize: 5,
    redisUrl: null,
    redisPrefix: 'kanban-test:',
    smtpUrl: null,
    mailFrom: 'Kanban <no-reply@kanban.test>',
    jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
    tokenTtl: '1h',
    publicUrl: 'http://kanban.test',
    allowedOrigins: [],
    dataDir,
    staticDir: null,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    trustProxy: false,
    bodyLimit: 1.5 * 1024 * 1024,
    maxUploadBytes: 100 * 1024 * 1024,
    scrypt: TEST_SCRYPT,
    rateLimits: GENEROUS_LIMITS,
    ...overrides,
  };
}

export interface TestApp {
  app: App;
  db: Kysely<Database>;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Run on in-memory PGlite instead of a fresh PostgreSQL database. */
  pglite?: boolean;
  /** Adds routes (for example a throwaway one for error paths) before the app is ready. */
  extend?: (app: App) => void;
}

/** The app on a fresh database (PostgreSQL, or PGlite when asked) with a temporary DATA_DIR. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'kanban-api-'));
  const database = options.pglite ? null : await createTempDatabase();
  const config = testConfig(dataDir, { databaseUrl: database?.url ?? null, ...overrides });
  const app = buildApp(config);
  options.extend?.(app);
  try {
    await app.ready();
  } catch (err) {
    await app.close().catch(() => {});
    await database?.drop();
    throw err;
  }
  return {
    app,
    db: app.db,
    config,
    async close() {
      await app.close();
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let counter = 0;
export function newUser(name = 'Тест') {
  counter += 1;
  return {
    name,
    email: `user${counter}-${Date.now()}@example.com`,
    password: 'secret-password',
    password2: 'secret-password',
  };
}

/** Registers a user and returns its token and credentials. */
export async function register(app: App, user = newUser()) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: user });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { ...user, token: res.json<{ token: string }>().token };
}

/** Every row of the account tables, to prove a rejected call changed nothing. */
export async function snapshot(db: Kysely<Database>) {
  return {
    users: await db.selectFrom('users').selectAll().orderBy('id').execute(),
    resets: await db.selectFrom('password_resets').selectAll().orderBy('id').execute(),
  };
}
