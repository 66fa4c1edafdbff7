/**
 * POST /api/board/{id}/copy with its cards, of the big board of `board.ts` (4,000 cards in 40 columns
 * with labels, assignees and comments), plus a checklist of three items on every fourth card: the
 * time from the call to its answer (the board read, then written in one transaction), one copy at a
 * time. Target: <= 3 s.
 */
import { seed } from './board.js';
import { percentile, startApp } from './lib.js';

const RUNS = 3;
const TARGET_MS = 3000;

export async function copyBench(): Promise<boolean> {
  const bench = await startApp();
  try {
    const db = bench.app.db;
    const seeded = await seed(db);
    const tasks = await db
      .selectFrom('tasks')
      .select('id')
      .where('board_id', '=', seeded.boardId)
      .orderBy('id')
      .execute();
    const lists = await db
      .insertInto('checklists')
      .values(
        tasks
          .filter((_, index) => index % 4 === 0)
          .map((task) => ({ board_id: seeded.boardId, task_id: task.id, title: 'Шаги', position: 0 })),
      )
      .returning(['id', 'task_id'])
      .execute();
    await db
      .insertInto('checklist_items')
      .values(
        lists.flatMap((list) =>
          ['Воспроизвести', 'Исправить', 'Проверить'].map((text, position) => ({
            board_id: seeded.boardId,
            task_id: list.task_id,
            checklist_id: list.id,
            text,
            done: position === 0,
            assignee_id: null,
            position,
          })),
        ),
      )
      .execute();
    const token = bench.app.issueToken(seeded.creator, 0);
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      const res = await fetch(`${bench.url}/api/board/${seeded.boardId}/copy`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Копия ${run + 1}`, withTasks: true }),
      });
      const body = (await res.json()) as { boardId?: number };
      times.push(performance.now() - started);
      if (res.status !== 200 || !body.boardId) throw new Error(`copy: ${res.status} ${JSON.stringify(body)}`);
      const copied = await db
        .selectFrom('tasks')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('board_id', '=', body.boardId)
        .executeTakeFirstOrThrow();
      if (Number(copied.count) !== tasks.length) throw new Error(`the copy has ${copied.count} cards`);
    }
    times.sort((a, b) => a - b);
    const worst = times[times.length - 1] as number;
    console.log(
      `copy of a ${tasks.length}-card board with its cards (${lists.length} checklists, ${lists.length * 3} items), ` +
        `${RUNS} copies: p50 ${percentile(times, 50).toFixed(0)} ms, max ${worst.toFixed(0)} ms (target <= 3 s)`,
    );
    const met = worst <= TARGET_MS;
    console.log(`copy target (<= 3 s): ${met ? 'met' : 'MISSED'}`);
    return met;
  } finally {
    await bench.close();
  }
}
