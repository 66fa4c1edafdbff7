/**
 * A stopping instance (SIGTERM) drains: /health/ready answers 503 from the first moment, requests under
 * way finish, and only its own sockets are closed, in a way that makes socket.io-client reconnect by
 * itself. The sockets of the other instances stay connected and keep their updates.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { connected, REDIS_URL, subscribe, until, updates, useCluster } from '../../test/cluster.js';
import { bearer, call, createBoard, createTestApp, person, testConfig } from '../../test/fixtures.js';
import { freePort } from '../../test/redis-server.js';
import type { App } from '../app.js';

const API_ROOT = join(import.meta.dirname, '..', '..');

describe('draining one instance', () => {
  it('answers /health/ready 503 from the first moment, serves meanwhile, and finishes what is under way', async () => {
    let arrived = () => {};
    const started = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const t = await createTestApp(
      { drainDelayMs: 400 },
      {
        extend: (app) =>
          app.get('/test/slow', async () => {
            arrived();
            await gate;
            return { done: true };
          }),
      },
    );
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as { port: number };
      const url = `http://127.0.0.1:${port}`;
      const anna = await person(t.app, 'Анна');
      const slow = fetch(`${url}/test/slow`);
      await started;
      expect((await t.app.inject('/health/ready')).statusCode).toBe(200);

      const drained = t.app.drain();
      const ready = await t.app.inject('/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'draining' });
      // Until the delay is over, the instance still answers everything else.
      expect((await fetch(`${url}/api/board`, { headers: bearer(anna.token) })).status).toBe(200);

      await until(() => !t.app.server.listening, 3000);
      await expect(fetch(`${url}/health/live`)).rejects.toThrow();
      release();
      const answer = await slow;
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ done: true });
      await drained;
    } finally {
      await t.close();
    }
  });
});

describe('SIGTERM to a third instance', () => {
  const cluster = useCluster(2);
  let third: ChildProcess | null = null;
  let dataDir = '';
  afterAll(async () => {
    third?.kill('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('closes only its own sockets, which may reconnect, and leaves the other two connected', async () => {
    const [a, b] = cluster.apps as [App, App];
    const anna = await person(a, 'Анна');
    const boardId = await createBoard(a, anna, 'Доска при выкладке');

    // The third instance is the real server process, stopped as a deploy stops it.
    dataDir = await mkdtemp(join(tmpdir(), 'kanban-drain-'));
    const port = await freePort();
    const config = testConfig(dataDir);
    const child = spawn(process.execPath, ['--conditions=development', '--import', 'tsx', 'src/server.ts'], {
      cwd: API_ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: a.config.databaseUrl ?? '',
        REDIS_URL,
        REDIS_PREFIX: cluster.prefix,
        JWT_SECRET: config.jwtSecret,
        DATA_DIR: dataDir,
        STATIC_DIR: join(dataDir, 'no-static'),
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'json',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    third = child;
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const thirdUrl = `http://127.0.0.1:${port}`;
    await vi.waitFor(
      async () => expect((await fetch(`${thirdUrl}/health/ready`).catch(() => null))?.ok, output).toBe(true),
      { timeout: 30_000, interval: 100 },
    );

    const urls = [...cluster.urls, thirdUrl];
    const sockets: { socket: Socket; instance: number; reasons: string[] }[] = [];
    for (const [instance, url] of urls.entries()) {
      for (let i = 0; i < 3; i += 1) {
        const socket = cluster.connect(url, anna.token);
        const reasons: string[] = [];
        socket.on('disconnect', (reason) => reasons.push(reason));
        await connected(socket);
        expect(await subscribe(socket, boardId)).toMatchObject({ ok: true });
        sockets.push({ socket, instance, reasons });
      }
    }

    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited, output).toBe(0);
    third = null;

    const stopped = sockets.filter(({ instance }) => instance === 2);
    const staying = sockets.filter(({ instance }) => instance !== 2);
    await until(() => stopped.every(({ socket }) => !socket.connected));
    // Closed at the transport, not told to disconnect: socket.io-client reconnects after this reason
    // (after 'io server disconnect' it would stay away).
    for (const { reasons } of stopped) expect(reasons).toEqual(['transport close']);
    for (const { socket, reasons } of staying) {
      expect(socket.connected).toBe(true);
      expect(reasons).toEqual([]);
    }

    const received = staying.map(({ socket }) => updates(socket));
    const created = await call(b, anna, 'POST', '/api/column', { boardId, name: 'После выкладки' });
    expect(created.status).toBe(200);
    await until(() => received.every((list) => list.length === 1));
  });
});
