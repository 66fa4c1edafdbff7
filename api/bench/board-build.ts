/**
 * `bench board-build`: the first GET /api/board/{id} after a change, on the 4,000-card board of
 * `bench board`, beside the floor measured in the same run: the two queries that read the board's
 * tasks and columns, JSON.stringify of the rows and gzip, with nothing else.
 *
 * - after a change made through this instance: a task's title edited (PUT /api/task/edit), then the
 *   board read. The board held in memory is carried forward by the change's patch.
 * - with no held board to carry forward (an instance that just started, or a gap in the patches):
 *   the board's version bumped straight in the database, then read: the board is built from it.
 *
 * Target: the first read after a change made here within 1.3x of the floor (p50).
 */
import { Agent } from 'node:http';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { sql } from 'kysely';
import { seed } from './board.js';
import { get, percentile, startApp } from './lib.js';

const ROUNDS = Number(process.env.BENCH_BUILD_ROUNDS ?? 30);
const TARGET_RATIO = 1.3;
const gzipAsync = promisify(gzip);

const p50 = (values: number[]) => percentile(values, 50);

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
      const res = await get(boardUrl, headers, agent);
      if (res.status !== 200) throw new Error(`GET board: ${res.status}`);
      return res.ms;
    };
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${bench.url}${path}`, {
        ...init,
        headers: { authorization: headers.authorization, 'content-type': 'application/json' },
      });

    const floor = async () => {
      const started = performance.now();
      const tasks = await db.selectFrom('tasks').selectAll().where('board_id', '=', boardId).execute();
      const columns = await db.selectFrom('columns').selectAll().where('board_id', '=', boardId).execute();
      await gzipAsync(Buffer.from(JSON.stringify({ tasks, columns })));
      return performance.now() - started;
    };
    const editHere = async (round: number) => {
      const detail = (await (await api(`/api/task/${boardId}/${task.id}`)).json()) as Record<string, unknown>;
      const res = await api('/api/task/edit', {
        method: 'PUT',
        body: JSON.stringify({ ...detail, boardId, taskId: task.id, title: `Заголовок ${round}` }),
      });
      if (res.status !== 200) throw new Error(`PUT /api/task/edit: ${res.status} ${await res.text()}`);
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
      `first GET with no held board (built from the database): p50 ${p50(times.elsewhere).toFixed(1)} ms = ` +
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
