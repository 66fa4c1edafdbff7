/**
 * `bench files`: the API as a child process (tsx, production settings) on a fresh PostgreSQL
 * database; one 100 MiB file (BENCH_FILE_MIB) goes up through a signed PUT and comes back through a
 * signed download link. Neither side holds the file in memory: the bench generates the bytes as a
 * stream and hashes what comes back. Prints upload and download throughput and the API process's
 * peak memory growth (VmRSS sampled every 20 ms, and VmHWM before and after). Target: growth under
 * 64 MiB, and the same bytes back.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createTempDatabase } from '../test/pg.js';
import { type ApiProcess, memory, startApi, stop } from './processes.js';

const MIB = 1024 * 1024;
const FILE_MIB = Number(process.env.BENCH_FILE_MIB ?? 100);
const TARGET_GROWTH_MIB = 64;

/** `mib` MiB of varied bytes, one fresh 1 MiB chunk at a time, hashed on the way out. */
function generated(mib: number, hash: ReturnType<typeof createHash>): Readable {
  let sent = 0;
  return new Readable({
    highWaterMark: MIB,
    read() {
      if (sent === mib) {
        this.push(null);
        return;
      }
      const chunk = Buffer.allocUnsafe(MIB);
      for (let i = 0; i < MIB; i += 4) chunk.writeUInt32LE((i * 2654435761 + sent) >>> 0, i);
      sent += 1;
      hash.update(chunk);
      this.push(chunk);
    },
  });
}

function request(
  url: string,
  options: http.RequestOptions,
  body?: Readable,
): Promise<{ status: number; response: http.IncomingMessage }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, options, (response) =>
      resolve({ status: response.statusCode ?? 0, response }),
    );
    req.once('error', reject);
    if (body) pipeline(body, req).catch(reject);
    else req.end();
  });
}

async function json<T>(base: string, method: string, path: string, token: string | null, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function filesBench(): Promise<boolean> {
  const database = await createTempDatabase('kanban_bench_');
  const dataDir = await mkdtemp(join(tmpdir(), 'kanban-bench-'));
  let api: ApiProcess | undefined;
  let sampler: NodeJS.Timeout | undefined;
  try {
    api = await startApi({
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
    });
    const base = api.url;
    const pid = api.child.pid as number;

    const email = `bench-${Date.now()}@example.com`;
    const password = 'bench-password-1';
    const { token } = await json<{ token: string }>(base, 'POST', '/api/auth/register', null, {
      name: 'Bench',
      email,
      password,
      password2: password,
    });
    const boards = await json<{ id: number }[]>(base, 'POST', '/api/board', token, { name: 'Files bench' });
    const boardId = boards[0]?.id as number;
    const board = await json<{ columnOrder: string[] }>(base, 'GET', `/api/board/${boardId}`, token);
    const task = await json<{ id: string }>(base, 'POST', '/api/task/create', token, {
      boardId,
      columnId: board.columnOrder[0],
      title: 'Большой файл',
    });
    const size = FILE_MIB * MIB;
    const type = 'application/octet-stream';
    const query = new URLSearchParams({ name: 'big.bin', boardId: String(boardId), taskId: task.id, type });
    query.set('size', String(size));
    const { url } = await json<{ url: string }>(base, 'GET', `/api/file/upload?${query}`, token);

    // Let start-up garbage settle, then sample from a quiet baseline.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = memory(pid);
    let peakRss = before.rss;
    sampler = setInterval(() => {
      peakRss = Math.max(peakRss, memory(pid).rss);
    }, 20);

    const sentHash = createHash('sha256');
    let started = performance.now();
    const put = await request(
      `${base}${url}`,
      { method: 'PUT', headers: { 'content-type': type, 'content-length': String(size) } },
      generated(FILE_MIB, sentHash),
    );
    put.response.resume();
    await new Promise((resolve) => put.response.once('end', resolve));
    const uploadSeconds = (performance.now() - started) / 1000;
    if (put.status !== 200) throw new Error(`upload failed: ${put.status}`);

    const objectPath = url.split('?')[0] as string;
    const files = await json<{ id: number }[]>(base, 'POST', '/api/file/add', token, {
      boardId,
      taskId: task.id,
      name: 'big.bin',
      url: objectPath,
      type,
      size,
    });
    const stored = await stat(join(dataDir, 'uploads', objectPath.replace('/api/file/object/', '')));
    const link = await json<{ url: string }>(base, 'GET', `/api/file/get?id=${files[0]?.id}`, token);

    const receivedHash = createHash('sha256');
    let received = 0;
    started = performance.now();
    const got = await request(`${base}${link.url}`, { method: 'GET' });
    for await (const chunk of got.response) {
      received += (chunk as Buffer).length;
      receivedHash.update(chunk as Buffer);
    }
    const downloadSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peakRss = Math.max(peakRss, memory(pid).rss);
    const after = memory(pid);

    const same =
      got.status === 200 && received === size && receivedHash.digest('hex') === sentHash.digest('hex');
    const growth = peakRss - before.rss;
    const hwmGrowth = after.hwm - before.hwm;
    console.log(
      `upload ${FILE_MIB} MiB (signed PUT): ${(FILE_MIB / uploadSeconds).toFixed(0)} MiB/s (${uploadSeconds.toFixed(2)} s), ` +
        `stored ${stored.size === size ? 'complete' : `WRONG SIZE ${stored.size}`}`,
    );
    console.log(
      `download ${FILE_MIB} MiB (signed GET): ${(FILE_MIB / downloadSeconds).toFixed(0)} MiB/s (${downloadSeconds.toFixed(2)} s), ` +
        `bytes ${same ? 'identical' : 'DIFFERENT'}`,
    );
    console.log(
      `API process memory: VmRSS ${(before.rss / MIB).toFixed(0)} MiB before, peak growth ${(growth / MIB).toFixed(1)} MiB ` +
        `(sampled every 20 ms); VmHWM growth ${(hwmGrowth / MIB).toFixed(1)} MiB`,
    );
    const met = same && stored.size === size && growth < TARGET_GROWTH_MIB * MIB;
    console.log(
      `files target (same bytes back, memory growth < ${TARGET_GROWTH_MIB} MiB): ${met ? 'met' : 'MISSED'}`,
    );
    return met;
  } finally {
    clearInterval(sampler);
    if (api) await stop(api.child);
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
