/**
 * `bench realtime`: 1,000 socket.io-client connections split over two API instances (child processes
 * sharing one PostgreSQL database and one Redis), all watching one board; 100 board edits alternate
 * between the instances. Prints the delivery ratio, latency from commit to receipt (p50/p99) and
 * server memory per connection, then the same for a bare Socket.IO + Redis adapter broadcast as the
 * baseline. Targets: 100% delivered, p99 < 150 ms, our p99 within 1.5x of the baseline.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { createTempDatabase } from '../test/pg.js';
import { percentile } from './lib.js';
import { type ApiProcess, apiRoot, memory, startApi, startScript, stop } from './processes.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 1000);
const MUTATIONS = Number(process.env.BENCH_MUTATIONS ?? 100);
const INTERVAL_MS = 50;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

interface Run {
  title: string;
  received: number;
  expected: number;
  latencies: number[];
  bytesPerConnection: number;
}

const rss = (server: ApiProcess) => memory(server.child.pid as number).rss;

/** Connects `count` clients spread over the servers, subscribed to the board; resolves when all acked. */
async function connectClients(servers: ApiProcess[], count: number, token: string, boardId: number) {
  const sockets: Socket[] = [];
  for (let start = 0; start < count; start += 50) {
    const batch = Array.from({ length: Math.min(50, count - start) }, (_, i) => {
      const server = servers[(start + i) % servers.length] as ApiProcess;
      const socket = io(server.url, {
        transports: ['websocket'],
        forceNew: true,
        auth: { token },
        reconnection: false,
      });
      sockets.push(socket);
      return new Promise<void>((resolve, reject) => {
        socket.once('connect_error', reject);
        socket.once('connect', () => socket.emit('subscribe', boardId, () => resolve()));
      });
    });
    await Promise.all(batch);
  }
  return sockets;
}

async function measure(
  title: string,
  servers: ApiProcess[],
  connect: () => Promise<Socket[]>,
  mutate: (i: number) => Promise<void>,
): Promise<Run> {
  const before = servers.map(rss);
  const sockets = await connect();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = servers.map(rss);
  const latencies: number[] = [];
  for (const socket of sockets) {
    socket.on('update', (update: { at: number }) => latencies.push(Date.now() - update.at));
  }
  for (let i = 0; i < MUTATIONS; i++) {
    await mutate(i);
    await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS));
  }
  await new Promise((resolve) => setTimeout(resolve, 3000));
  for (const socket of sockets) socket.disconnect();
  const grown = after.reduce((sum, bytes, i) => sum + bytes - (before[i] ?? 0), 0);
  return {
    title,
    received: latencies.length,
    expected: sockets.length * MUTATIONS,
    latencies: latencies.sort((a, b) => a - b),
    bytesPerConnection: grown / sockets.length,
  };
}

function report(run: Run) {
  const ratio = (100 * run.received) / run.expected;
  console.log(
    `${run.title}: delivered ${run.received}/${run.expected} (${ratio.toFixed(2)}%), ` +
      `latency p50 ${percentile(run.latencies, 50)} ms, p99 ${percentile(run.latencies, 99)} ms, ` +
      `server memory ${(run.bytesPerConnection / 1024).toFixed(1)} KiB per connection`,
  );
}

export async function realtimeBench(): Promise<boolean> {
  const database = await createTempDatabase('kanban_bench_');
  const dataDir = await mkdtemp(join(tmpdir(), 'kanban-bench-'));
  const prefix = `bench-${randomBytes(4).toString('hex')}:`;
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
  };
  const children: ChildProcess[] = [];
  try {
    const servers: ApiProcess[] = [];
    for (let i = 0; i < 2; i += 1) {
      servers.push(await startApi(env));
      children.push((servers[i] as ApiProcess).child);
    }
    const [a] = servers as [ApiProcess, ApiProcess];

    const user = { name: 'Bench', email: `bench-${Date.now()}@example.com`, password: 'bench-password-1' };
    const registered = await fetch(`${a.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...user, password2: user.password }),
    });
    const { token } = (await registered.json()) as { token: string };
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const created = await fetch(`${a.url}/api/board`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Realtime bench' }),
    });
    const boardId = ((await created.json()) as { id: number }[])[0]?.id as number;

    const ours = await measure(
      `API (${CONNECTIONS} clients on 2 instances, ${MUTATIONS} board edits)`,
      servers,
      () => connectClients(servers, CONNECTIONS, token, boardId),
      async (i) => {
        const server = servers[i % servers.length] as ApiProcess;
        const res = await fetch(`${server.url}/api/board/edit/${boardId}`, {
          method: 'PUT',
          headers,
          body: JSON.stringify({
            name: `Realtime bench ${i}`,
            color: '#f4f5f7',
            showIdsMode: 'empty',
            showTotalColumnEstimation: false,
          }),
        });
        if (!res.ok) throw new Error(`edit failed: ${res.status} ${await res.text()}`);
      },
    );
    report(ours);
    await Promise.all(servers.map((server) => stop(server.child)));

    const bareScript = join(apiRoot, 'bench/bare-socket-server.ts');
    const bareKey = `${prefix}bare`;
    const bare = await Promise.all(
      [0, 1].map(() => startScript(bareScript, { REDIS_URL, REDIS_KEY: bareKey })),
    );
    children.push(...bare.map((server) => server.child));
    const baseline = await measure(
      `Baseline: bare Socket.IO + Redis adapter (${CONNECTIONS} clients on 2 servers, ${MUTATIONS} broadcasts)`,
      bare,
      () => connectClients(bare, CONNECTIONS, '', 0),
      async (i) => {
        await fetch(`${(bare[i % bare.length] as ApiProcess).url}/emit`, { method: 'POST' });
      },
    );
    report(baseline);

    const ourP99 = percentile(ours.latencies, 99);
    const baseP99 = percentile(baseline.latencies, 99);
    const met = ours.received === ours.expected && ourP99 < 150 && ourP99 <= 1.5 * Math.max(baseP99, 1);
    console.log(
      `realtime target (100% delivered, p99 < 150 ms, p99 within 1.5x of baseline ${baseP99} ms): ${met ? 'met' : 'MISSED'}`,
    );
    return met;
  } finally {
    await Promise.all(children.map(stop));
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
