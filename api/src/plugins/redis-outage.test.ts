/**
 * Redis stopped and started again under a running instance, and an instance started while it is down:
 * requests keep their normal latency, /health/ready says Redis is down (503) and recovers once it is
 * back. A Redis process of the test's own is killed, not the shared one.
 */

import { type BoardUpdate, REALTIME_PATH } from 'contract/realtime';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, subscribe } from '../../test/cluster.js';
import { call, createBoard, createTestApp, person, register, type TestApp } from '../../test/fixtures.js';
import { type RedisProcess, redisProcess } from '../../test/redis-server.js';
import type { Config } from '../config.js';

/** The latency the Redis-backed checks must keep while Redis is down (they took 2 s before). */
const FAST_MS = 300;
/** Login under a loaded test run (scrypt, other files in parallel) with Redis up is already ~0.6 s. */
const LOGIN_MS = 1500;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

let redis: RedisProcess;
const apps: TestApp[] = [];

beforeAll(async () => {
  redis = await redisProcess();
  await redis.start();
});
afterAll(async () => {
  await Promise.all(apps.map((t) => t.close()));
  await redis.stop();
});

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - started };
}

async function eventually(check: () => Promise<boolean>, timeoutMs = 8000): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return performance.now() - started;
}

async function appOn(url: string, overrides: Partial<Config> = {}): Promise<TestApp> {
  const t = await createTestApp({ redisUrl: url, redisPrefix: 'kanban-outage:', ...overrides });
  apps.push(t);
  return t;
}

const ready = (t: TestApp) => t.app.inject('/health/ready');
const login = (t: TestApp, email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('Redis outage', () => {
  it('keeps login and readiness fast while Redis is down, and recovers when it returns', async () => {
    const t = await appOn(redis.url);
    await eventually(async () => (await ready(t)).statusCode === 200);
    const user = await register(t.app);

    const before = await timed(() => login(t, user.email, user.password));
    expect(before.value.statusCode).toBe(200);

    await redis.stop();
    const logins: number[] = [];
    const checks: number[] = [];
    const limits: number[] = [];
    for (let i = 0; i < 5; i++) {
      const limited = await timed(() =>
        t.app.limiter.check('email', [{ name: 'outage', subject: i, limit: { max: 5, windowMs: 60_000 } }]),
      );
      limits.push(limited.ms);
      const attempt = await timed(() => login(t, user.email, user.password));
      expect(attempt.value.statusCode).toBe(200);
      logins.push(attempt.ms);
      const check = await timed(() => ready(t));
      expect(check.value.statusCode).toBe(503);
      expect(check.value.json()).toEqual({ status: 'error', db: 'up', redis: 'down' });
      checks.push(check.ms);
    }
    console.info(
      `Redis down: login ${logins.map((ms) => ms.toFixed(0)).join('/')} ms, ` +
        `ready ${checks.map((ms) => ms.toFixed(0)).join('/')} ms, ` +
        `limiter ${limits.map((ms) => ms.toFixed(1)).join('/')} ms (up: login ${before.ms.toFixed(0)} ms)`,
    );
    expect(median(limits)).toBeLessThan(FAST_MS);
    expect(median(checks)).toBeLessThan(FAST_MS);
    expect(Math.max(...logins)).toBeLessThan(LOGIN_MS);

    await redis.start();
    const back = await eventually(async () => (await ready(t)).statusCode === 200);
    console.info(`ready again ${back.toFixed(0)} ms after Redis returned`);
    expect((await login(t, user.email, user.password)).statusCode).toBe(200);
  });

  it('starts while Redis is down, reports it, and connects once it is up', async () => {
    await redis.stop();
    const started = await timed(() => appOn(redis.url));
    console.info(`started without Redis in ${started.ms.toFixed(0)} ms`);
    const t = started.value;
    const res = await ready(t);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'error', db: 'up', redis: 'down' });
    const user = await register(t.app);
    expect((await login(t, user.email, user.password)).statusCode).toBe(200);

    await redis.start();
    const back = await eventually(async () => (await ready(t)).statusCode === 200);
    console.info(`ready ${back.toFixed(0)} ms after Redis started`);
    expect(t.app.redis?.status).toBe('ready');
  });

  it('carries updates between instances started while Redis was down once it is back', async () => {
    await redis.stop();
    const a = await appOn(redis.url);
    const b = await appOn(redis.url, { databaseUrl: a.config.databaseUrl });
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    const address = a.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const owner = await person(a.app);
    const boardId = await createBoard(a.app, owner);
    const socket: Socket = io(`http://127.0.0.1:${port}`, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      forceNew: true,
      auth: { token: owner.token },
    });
    try {
      await connected(socket);
      expect(await subscribe(socket, boardId)).toMatchObject({ ok: true });
      const updates: BoardUpdate[] = [];
      socket.on('update', (update: BoardUpdate) => updates.push(update));

      await redis.start();
      // The subscription is back when the instance tells its watchers to re-fetch.
      await eventually(async () => updates.some((update) => update.change === 'resync'));
      await eventually(async () => (await ready(b)).statusCode === 200);

      const sent = performance.now();
      const settings = {
        name: 'Снова',
        color: '#aabbcc',
        showIdsMode: 'square',
        showTotalColumnEstimation: true,
      };
      expect((await call(b.app, owner, 'PUT', `/api/board/edit/${boardId}`, settings)).status).toBe(200);
      await eventually(async () => updates.some((update) => update.change !== 'resync'), 3000);
      console.info(
        `update from the other instance arrived ${(performance.now() - sent).toFixed(0)} ms after the call`,
      );
    } finally {
      socket.disconnect();
    }
  });
});
