import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, GENEROUS_LIMITS, type TestApp } from '../../test/fixtures.js';
import { MemoryStore } from './limiter.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const TOO_MANY = 'Слишком много попыток. Попробуйте позже.';

const strict = {
  ...GENEROUS_LIMITS,
  loginAccount: { max: 3, windowMs: 60_000 },
  loginIp: { max: 5, windowMs: 60_000 },
  resetCreateAccount: { max: 2, windowMs: 60_000 },
  resetValidateAccount: { max: 2, windowMs: 60_000 },
};

const apps: TestApp[] = [];
const prefixes = new Set<string>();
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  const redis = new Redis(REDIS_URL);
  for (const prefix of prefixes) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  }
  redis.disconnect();
});

async function appWith(redisPrefix?: string) {
  const t = await createTestApp({
    rateLimits: strict,
    ...(redisPrefix && { redisUrl: REDIS_URL, redisPrefix }),
  });
  apps.push(t);
  if (redisPrefix) prefixes.add(redisPrefix);
  return t;
}

const login = (t: TestApp, email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'whatever' } });

describe.each([
  ['memory', () => undefined],
  ['redis', () => `kanban-test-${randomBytes(4).toString('hex')}:`],
])('%s store', (_name, prefix) => {
  it('answers 429 keyed by e-mail after too many login attempts for one account', async () => {
    const t = await appWith(prefix());
    for (let i = 0; i < 3; i++) expect((await login(t, 'victim@example.com')).statusCode).toBe(400);
    const res = await login(t, 'victim@example.com');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ email: TOO_MANY });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another account from the same address still gets through, until the per-IP limit.
    expect((await login(t, 'other@example.com')).statusCode).toBe(400);
    expect((await login(t, 'third@example.com')).statusCode).toBe(429);
  });

  it('limits reset requests per e-mail and code tries per reset', async () => {
    const t = await appWith(prefix());
    const create = () =>
      t.app.inject({ method: 'POST', url: '/api/reset/create', payload: { email: 'someone@example.com' } });
    const first = await create();
    expect((await create()).statusCode).toBe(200);
    expect((await create()).json()).toEqual({ email: TOO_MANY });
    const resetId = first.json<{ id: string }>().id;
    const validate = () =>
      t.app.inject({ method: 'PATCH', url: '/api/reset/validate', payload: { code: 'abcdefgh', resetId } });
    await validate();
    await validate();
    const res = await validate();
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ code: TOO_MANY });
  });
});

describe('redis store', () => {
  it('shares counters between instances', async () => {
    const prefix = `kanban-test-${randomBytes(4).toString('hex')}:`;
    const [a, b] = [await appWith(prefix), await appWith(prefix)];
    expect((await login(a, 'shared@example.com')).statusCode).toBe(400);
    expect((await login(b, 'shared@example.com')).statusCode).toBe(400);
    expect((await login(a, 'shared@example.com')).statusCode).toBe(400);
    expect((await login(b, 'shared@example.com')).statusCode).toBe(429);
    const redis = new Redis(REDIS_URL);
    try {
      const keys = await redis.keys(`${prefix}*`);
      expect(keys.length).toBeGreaterThan(0);
      expect(Math.max(...(await Promise.all(keys.map((k) => redis.pttl(k)))))).toBeLessThanOrEqual(60_000);
    } finally {
      redis.disconnect();
    }
  });
});

describe('memory store', () => {
  it('starts a new window when the old one ends', async () => {
    const store = new MemoryStore();
    expect((await store.hit('k', 50)).count).toBe(1);
    expect((await store.hit('k', 50)).count).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((await store.hit('k', 50)).count).toBe(1);
    await store.close();
  });
});
