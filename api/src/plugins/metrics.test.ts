import { REALTIME_PATH } from 'contract/realtime';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, REDIS_URL, subscribe } from '../../test/cluster.js';
import { bearer, call, createBoard, createTestApp, person, type TestApp } from '../../test/fixtures.js';

const TOKEN = 'metrics-token-for-tests';
const BOARD_SETTINGS = {
  name: 'Другая',
  color: '#aabbcc',
  showIdsMode: 'square',
  showTotalColumnEstimation: true,
};

describe('/metrics', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({
      redisUrl: REDIS_URL,
      redisPrefix: 'kanban-metrics-test:',
      metricsToken: TOKEN,
      metricsPort: 0,
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => t?.close());

  const scrape = () => t.app.inject({ url: '/metrics', headers: bearer(TOKEN) });

  it('counts requests by route pattern, sockets, fan-out, board builds, the pool, Redis and the queues', async () => {
    const owner = await person(t.app);
    const boardId = await createBoard(t.app, owner);
    const socket = io(url, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      forceNew: true,
      auth: { token: owner.token },
    });
    try {
      await connected(socket);
      expect(await subscribe(socket, boardId)).toMatchObject({ ok: true });
      // A miss then a hit of the board's cached answer, then a change announced to the socket.
      expect((await call(t.app, owner, 'GET', `/api/board/${boardId}`)).status).toBe(200);
      expect((await call(t.app, owner, 'GET', `/api/board/${boardId}`)).status).toBe(200);
      const updated = new Promise((resolve) => socket.once('update', resolve));
      expect((await call(t.app, owner, 'PUT', `/api/board/edit/${boardId}`, BOARD_SETTINGS)).status).toBe(
        200,
      );
      await updated;

      const res = await scrape();
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      const text = res.body;
      expect(text).toMatch(
        /http_request_duration_seconds_count\{method="GET",route="\/api\/board\/:boardId",status_code="200"\} 2/,
      );
      expect(text).not.toContain(`route="/api/board/${boardId}"`);
      expect(text).toMatch(/^kanban_sockets_open 1$/m);
      expect(text).toMatch(/^kanban_board_subscriptions 1$/m);
      expect(text).toMatch(/^kanban_boards_watched 1$/m);
      expect(text).toMatch(/^kanban_realtime_fanout_seconds_count\{source="local"\} 1$/m);
      expect(text).toMatch(/^kanban_cache_requests_total\{cache="boards",result="hit"\} 1$/m);
      expect(text).toMatch(/^kanban_cache_requests_total\{cache="boards",result="miss"\} 1$/m);
      expect(text).toMatch(/^kanban_cache_build_seconds_count\{cache="boards"\} 1$/m);
      expect(text).toMatch(/^kanban_db_pool_connections\{state="in_use"\} \d+$/m);
      expect(text).toMatch(/^kanban_db_pool_waiting 0$/m);
      expect(text).toMatch(/^kanban_redis_up 1$/m);
      expect(text).toMatch(/^kanban_queue_depth\{queue="notification-mail"\} \d+$/m);
      expect(text).toMatch(/^process_cpu_seconds_total /m);
      expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    } finally {
      socket.disconnect();
    }
  });

  it('refuses a scrape without the token or with another one', async () => {
    const without = await t.app.inject('/metrics');
    expect(without.statusCode).toBe(401);
    expect(without.json()).toEqual({ message: 'Требуется вход' });
    const wrong = await t.app.inject({ url: '/metrics', headers: bearer('not-the-token') });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ message: 'Нет доступа' });
  });

  it('serves the same text without a token on METRICS_PORT, and nothing else there', async () => {
    const base = `http://127.0.0.1:${t.app.metrics.port}`;
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('http_request_duration_seconds_bucket');
    expect((await fetch(`${base}/api/auth/user`)).status).toBe(404);
  });

  it('answers 404 on the API port when no token is set', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject({ url: '/metrics', headers: bearer(TOKEN) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Не найдено' });
      expect(bare.app.metrics.port).toBeNull();
    } finally {
      await bare.close();
    }
  });
});
