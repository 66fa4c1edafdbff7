import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/fixtures.js';

describe('without Redis', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('is live', async () => {
    const res = await t.app.inject('/health/live');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('is ready with the database up and Redis disabled', async () => {
    const res = await t.app.inject('/health/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'up', redis: 'disabled' });
  });

  it('is not ready when the database is gone', async () => {
    const broken = await createTestApp();
    await broken.db.destroy();
    const res = await broken.app.inject('/health/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'error', db: 'down', redis: 'disabled' });
    await broken.close().catch(() => {});
  });
});

describe('with Redis', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' });
  });
  afterAll(() => t?.close());

  it('checks Redis too', async () => {
    const res = await t.app.inject('/health/ready');
    expect(res.json()).toEqual({ status: 'ok', db: 'up', redis: 'up' });
  });

  it('reports Redis down with 503', async () => {
    t.app.redis?.disconnect();
    const res = await t.app.inject('/health/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'error', db: 'up', redis: 'down' });
  });
});
