/**
 * POST /api/import of a generated Trello export (10,000 cards in 50 lists, 30,000 checklist items,
 * 20,000 comments, about 40 MB): the time from the upload's first byte to the job's end, the API's
 * RSS growth at its peak, and the latency of other users' requests meanwhile (four clients reading a
 * small board of their own without pause). Targets: <= 15 s, RSS <= +256 MB, others' p99 <= 100 ms.
 */
import { execFileSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ImportJob } from 'contract/imports';
import { firstRevisions } from '../src/boards/index.js';
import { get, percentile, startApp } from './lib.js';
import { apiRoot } from './processes.js';

const CLIENTS = 4;

/** Streams the file to POST /api/import as a multipart form; answers the job's id. */
function upload(url: string, token: string, path: string, size: number): Promise<string> {
  const boundary = '----kanbanbench';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="trello.json"\r\nContent-Type: application/json\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${url}/api/import`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + size + tail.length,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id?: string };
          if (res.statusCode !== 202 || !body.id)
            reject(new Error(`POST /api/import: ${res.statusCode} ${JSON.stringify(body)}`));
          else resolve(body.id);
        });
      },
    );
    req.on('error', reject);
    req.write(head);
    const file = createReadStream(path);
    file.on('error', reject);
    file.on('end', () => req.end(tail));
    file.pipe(req, { end: false });
  });
}

export async function importBench(): Promise<boolean> {
  const dir = await mkdtemp(join(tmpdir(), 'kanban-import-bench-'));
  const bench = await startApp();
  try {
    const { db } = bench.app;
    const path = join(dir, 'trello.json');
    execFileSync(
      process.execPath,
      ['--conditions=development', '--import', 'tsx', 'bench/trello-file.ts', path],
      {
        cwd: apiRoot,
        stdio: 'inherit',
      },
    );
    const { size } = await stat(path);
    const users = await db
      .insertInto('users')
      .values(
        ['Импортёр', 'Другой'].map((name, index) => ({
          name,
          email: `bench-import-${index}@example.com`,
          password_hash: 'x',
        })),
      )
      .returning('id')
      .execute();
    const [importer, other] = users.map((row) => bench.app.issueToken(row.id, 0)) as [string, string];
    const otherId = users[1]!.id;
    const { id: boardId } = await db
      .insertInto('boards')
      .values({ name: 'Своя доска', created_by: otherId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('board_members')
      .values({ board_id: boardId, user_id: otherId, accepted: true })
      .execute();
    const columns = await db
      .insertInto('columns')
      .values(['Нужно сделать', 'Готово'].map((name, position) => ({ board_id: boardId, name, position })))
      .returning(['id', 'name'])
      .execute();
    await db
      .insertInto('revisions')
      .values(firstRevisions(boardId, { name: 'Своя доска' }, columns, otherId))
      .execute();

    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 50);

    // Other users' reads, without pause, until the import ends.
    let importing = true;
    const latencies: number[] = [];
    const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
    const headers = { authorization: `Bearer ${other}` };
    const readers = Array.from({ length: CLIENTS }, async () => {
      for (let round = 0; importing; round += 1) {
        const path = round % 2 === 0 ? `/api/board/${boardId}` : '/api/board';
        const answer = await get(`${bench.url}${path}`, headers, agent);
        if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status}`);
        latencies.push(answer.ms);
      }
    });

    const started = performance.now();
    const id = await upload(bench.url, importer, path, size);
    let job: ImportJob;
    for (;;) {
      const answer = await get(
        `${bench.url}/api/import/${id}`,
        { authorization: `Bearer ${importer}` },
        agent,
      );
      job = JSON.parse(answer.body.toString('utf8')) as ImportJob;
      if (job.state === 'done' || job.state === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    importing = false;
    await Promise.all(readers);
    clearInterval(sampler);
    agent.destroy();
    if (job.state !== 'done') throw new Error(`import failed: ${job.error}`);

    const growth = (rssPeak - rssBefore) / 1024 / 1024;
    const p99 = percentile(latencies, 99);
    const report = job.report!;
    console.log(
      `import of a Trello export (${(size / 1024 / 1024).toFixed(1)} MB: ${report.tasks} cards, ` +
        `${report.checklistItems} checklist items, ${report.comments} comments): ${seconds.toFixed(1)} s ` +
        `(target <= 15); RSS growth at peak ${growth.toFixed(0)} MB (target <= 256); others' reads ` +
        `meanwhile: ${latencies.length}, p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, ` +
        `max ${percentile(latencies, 100).toFixed(0)} ms (target p99 <= 100)`,
    );
    const met = seconds <= 15 && growth <= 256 && p99 <= 100;
    console.log(`import target (<= 15 s, RSS <= +256 MB, others' p99 <= 100 ms): ${met ? 'met' : 'MISSED'}`);
    return met;
  } finally {
    await bench.close();
    await rm(dir, { recursive: true, force: true });
  }
}
