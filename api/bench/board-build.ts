/**
 * `bench board-build`: the first GET /api/board/{id} after a change, on the 4,000-card board of
 * `bench board`, beside the floor measured in the same run: the two queries that read the board's
 * tasks and columns, JSON.stringify of the rows and gzip, with nothing else.
 *
 * - after a change made through this instance: a task's title edited (PUT /api/task/edit), then the
 *   board read. The board held in memory is carried forward by the change's patch.
 * - after a change made elsewhere: the board's version bumped in the database (as another instance's
 *   change does), then read: the board is built from the database.
 *
 * Target: the first read after a change made here within 1.3x of the floor (p50).
 */
import { Agent, request as httpRequest } from 'node:http';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { sql } from 'kysely';
import { seed } from './board.js';
import { startApp } from './lib.js';

const ROUNDS = Number(process.env.BENCH_BUILD_ROUNDS ?? 30);
const TARGET_RATIO = 1.3;
const gzipAsync = promisify(gzip);

function send(
  agent: Agent,
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; ms: number; text: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest(
      url,
      {
        method,
        agent,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - started,
            text: res.headers['content-encoding'] ? '' : Buffer.concat(chunks).toString(),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

export async function boardBuildBench(): Promise<boolean> {
  const bench = await startApp();
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const { db } = bench.app;
    const seeded = await seed(db);
    const boardId = seeded.boardId;
    const token = bench.app.issueToken(seeded.creator, 0);
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
    const boardUrl = `${bench.url}/api/board/${boardId}`;
    const task = await db
      .selectFrom('tasks')
      .select(['id', 'column_id'])
      .where('board_id', '=', boardId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const read = async () => {
      const res = await send(agent, boardUrl, 'GET', headers);
      if (res.status !== 200) throw new Error(`GET board: ${res.status}`);
      return res.ms;
    };

    const floor = async () => {
      const started = performance.now();
      const tasks = await db.selectFrom('tasks').selectAll().where('board_id', '=', boardId).execute();
      const columns = await db.selectFrom('columns').selectAll().where('board_id', '=', boardId).execute();
      await gzipAsync(Buffer.from(JSON.stringify({ tasks, columns })));
      return performance.now() - started;
    };
    const editHere = async (round: number) => {
      const detail = JSON.parse(
        (
          await send(agent, `${bench.url}/api/task/${boardId}/${task.id}`, 'GET', {
            authorization: headers.authorization,
          })
        ).text,
      );
      const res = await send(
        agent,
        `${bench.url}/api/task/edit`,
        'PUT',
        { authorization: headers.authorization },
        {
          boardId,
          taskId: task.id,
          title: `Заголовок ${round}`,
          description: detail.description,
          columnId: detail.columnId,
          estimation: detail.estimation,
          priority: detail.priority,
          assignees: detail.assignees,
          labels: detail.labels,
          version: detail.version,
        },
      );
      if (res.status !== 200) throw new Error(`PUT /api/task/edit: ${res.status} ${res.text}`);
    };
    const changeElsewhere = () =>
      sql`update boards set version = version + 1 where id = ${boardId}`.execute(db);

    // Warm-up: the JIT, the pool, the first build.
    for (let i = 0; i < 5; i += 1) {
      await floor();
      await editHere(-i);
      await read();
    }
    const times = { floor: [] as number[], here: [] as number[], elsewhere: [] as number[] };
    for (let round = 0; round < ROUNDS; round += 1) {
      times.floor.push(await floor());
      await editHere(round);
      times.here.push(await read());
      await changeElsewhere();
      times.elsewhere.push(await read());
    }
    const floorMs = p50(times.floor);
    const hereMs = p50(times.here);
    const ratio = hereMs / floorMs;
    console.log(`floor (2 queries + JSON.stringify + gzip): p50 ${floorMs.toFixed(1)} ms (${ROUNDS} rounds)`);
    console.log(
      `first GET after a change made here: p50 ${hereMs.toFixed(1)} ms = ${ratio.toFixed(2)}x the floor ` +
        `(target <= ${TARGET_RATIO}x)`,
    );
    console.log(
      `first GET after a change made elsewhere (built from the database): p50 ${p50(times.elsewhere).toFixed(1)} ms = ` +
        `${(p50(times.elsewhere) / floorMs).toFixed(2)}x the floor`,
    );
    const met = ratio <= TARGET_RATIO;
    console.log(`board-build target: ${met ? 'met' : 'MISSED'}`);
    return met;
  } finally {
    agent.destroy();
    await bench.close();
  }
}
