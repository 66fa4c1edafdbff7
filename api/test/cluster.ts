/**
 * Several API instances on different ports sharing one fresh PostgreSQL database and one Redis (a
 * key prefix of their own), and Socket.IO clients to them: what realtime tests need.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BoardUpdate, SubscribeResult } from 'contract/realtime';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import { testConfig } from './fixtures.js';
import { createTempDatabase, type TempDatabase } from './pg.js';

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface Cluster {
  apps: App[];
  urls: string[];
  /** The instances' Redis key prefix. */
  prefix: string;
  connect(url: string, token: string, headers?: Record<string, string>): Socket;
}

/** Starts `instances` API instances before the file's tests and stops them (and their sockets) after. */
export function useCluster(instances = 2): Cluster {
  let database: TempDatabase;
  let dataDir: string;
  const sockets: Socket[] = [];
  const cluster: Cluster = {
    apps: [],
    urls: [],
    prefix: `kanban-rt-${randomBytes(4).toString('hex')}:`,
    connect(url, token, headers = {}) {
      const socket = io(url, {
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
        auth: { token },
        extraHeaders: headers,
      });
      sockets.push(socket);
      return socket;
    },
  };

  beforeAll(async () => {
    database = await createTempDatabase();
    dataDir = await mkdtemp(join(tmpdir(), 'kanban-rt-'));
    for (let i = 0; i < instances; i += 1) {
      const app = buildApp(
        testConfig(dataDir, { databaseUrl: database.url, redisUrl: REDIS_URL, redisPrefix: cluster.prefix }),
      );
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      cluster.urls.push(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
      cluster.apps.push(app);
    }
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    for (const app of cluster.apps) await app.close();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  return cluster;
}

export function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

export function subscribe(socket: Socket, id: number): Promise<SubscribeResult> {
  return new Promise((resolve) => socket.emit('subscribe', id, resolve));
}

/** Collects every update a socket receives. */
export function updates(socket: Socket): BoardUpdate[] {
  const received: BoardUpdate[] = [];
  socket.on('update', (update: BoardUpdate) => received.push(update));
  return received;
}

export async function until(check: () => boolean, ms = 3000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
