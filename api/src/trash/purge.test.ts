import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCluster } from '../../test/cluster.js';
import { insertTask, seedBoard } from '../../test/fixtures.js';
import type { App } from '../app.js';
import { PURGE_CRON, PURGE_QUEUE } from './purge.js';

// Two instances on one database, one storage folder and one Redis.
const cluster = useCluster(2);
const app = (i: number) => cluster.apps[i] as App;

/** Every key removed from storage, by any instance, in order. */
const removed: string[] = [];

beforeAll(() => {
  for (const instance of cluster.apps) {
    const removeMany = instance.storage.removeMany.bind(instance.storage);
    instance.storage.removeMany = async (keys) => {
      removed.push(...keys);
      await removeMany(keys);
    };
  }
});

const daysAgo = (days: number) => sql<Date>`now() - make_interval(days => ${days})`;

/** A stored object under the board; its key. */
async function object(boardId: number): Promise<string> {
  const key = `boards/${boardId}/${randomUUID()}`;
  await app(0).storage.put(key, Readable.from([Buffer.from('x')]), { maxBytes: 10 });
  return key;
}

async function trashEntry(boardId: number, days: number, keys: string[]): Promise<number> {
  const row = await app(0)
    .db.insertInto('trash')
    .values({
      board_id: boardId,
      kind: 'label',
      item_id: Math.floor(Math.random() * 1e9),
      title: 'метка',
      snapshot: JSON.stringify({}),
      file_keys: keys,
      deleted_at: daysAgo(days),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A board deleted `days` ago with one file (a row and its object) and one recent trash entry. */
async function deletedBoard(days: number) {
  const b = await seedBoard(app(0));
  const taskId = await insertTask(app(0).db, b.id, {
    columnId: Number(b.columns[0]),
    title: 'Задача',
    createdBy: b.creator.id,
  });
  const file = await object(b.id);
  await app(0)
    .db.insertInto('files')
    .values({
      board_id: b.id,
      task_id: taskId,
      name: 'f',
      storage_key: file,
      type: 'text/plain',
      size: 1,
      created_by: b.creator.id,
    })
    .execute();
  const trashed = await object(b.id);
  await trashEntry(b.id, 1, [trashed]);
  await app(0)
    .db.updateTable('boards')
    .set({ deleted_at: daysAgo(days), deleted_by: b.creator.id })
    .where('id', '=', b.id)
    .execute();
  return { id: b.id, keys: [file, trashed] };
}

/** What is old enough to go, what is not, and the keys of each. */
async function seed() {
  const live = await seedBoard(app(0));
  const oldKey = await object(live.id);
  const old = await trashEntry(live.id, 31, [oldKey]);
  const freshKey = await object(live.id);
  const fresh = await trashEntry(live.id, 29, [freshKey]);
  const gone = await deletedBoard(31);
  const kept = await deletedBoard(29);
  return {
    old,
    fresh,
    gone,
    kept,
    purgedKeys: [oldKey, ...gone.keys].sort(),
    keptKeys: [freshKey, ...kept.keys],
  };
}

async function expectPurged(s: Awaited<ReturnType<typeof seed>>) {
  const { db } = app(0);
  const trashIds = (
    await db.selectFrom('trash').select('id').where('id', 'in', [s.old, s.fresh]).execute()
  ).map((row) => row.id);
  expect(trashIds).toEqual([s.fresh]);
  const boards = await db
    .selectFrom('boards')
    .select('id')
    .where('id', 'in', [s.gone.id, s.kept.id])
    .execute();
  expect(boards.map((row) => row.id)).toEqual([s.kept.id]);
  for (const table of ['files', 'trash', 'columns', 'board_members'] as const) {
    const rows = await db.selectFrom(table).select('board_id').where('board_id', '=', s.gone.id).execute();
    expect(rows, table).toEqual([]);
  }
  // Each object removed exactly once, across both instances.
  expect(removed.filter((key) => s.purgedKeys.includes(key)).sort()).toEqual(s.purgedKeys);
  expect(removed.filter((key) => s.keptKeys.includes(key))).toEqual([]);
  for (const key of s.purgedKeys) expect(await app(1).storage.stat(key), key).toBeNull();
  for (const key of s.keptKeys) expect(await app(1).storage.stat(key), key).not.toBeNull();
}

describe('the nightly trash purge', () => {
  it('is scheduled once for the cluster, at night', async () => {
    const { rows } = await sql<{ name: string; cron: string }>`
      select name, cron from pgboss.schedule where name = ${PURGE_QUEUE}
    `.execute(app(0).db);
    expect(rows).toEqual([{ name: PURGE_QUEUE, cron: PURGE_CRON }]);
  });

  it("runs a tick's job once, on one instance: what is over 30 days old goes, files too; 29 days stays", async () => {
    const s = await seed();
    // Both instances offer the tick's job as their cron does; the cluster keeps one.
    const offered = await Promise.all(
      cluster.apps.map((instance) =>
        instance.queue.boss.send(PURGE_QUEUE, {}, { singletonKey: 'tick', singletonSeconds: 60 }),
      ),
    );
    const ids = offered.filter((id): id is string => id !== null);
    expect(ids).toHaveLength(1);
    let state = '';
    const poll = async () => {
      for (let i = 0; i < 200 && state !== 'completed'; i += 1) {
        state = (await app(0).queue.boss.getJobById(PURGE_QUEUE, ids[0] as string))?.state ?? '';
        if (state !== 'completed') await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    await poll();
    expect(state).toBe('completed');
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pgboss.job where name = ${PURGE_QUEUE} and state = 'completed'
    `.execute(app(0).db);
    expect(rows[0]?.n).toBe(1);
    await expectPurged(s);

    // Nothing is left to purge.
    expect(await app(1).trashPurge.run()).toEqual({ trash: 0, boards: 0, files: 0 });
  });

  it('erases each row and object once when two purges run at the same moment', async () => {
    const s = await seed();
    const results = await Promise.all(cluster.apps.map((instance) => instance.trashPurge.run()));
    const total = results.reduce((sum, r) => ({
      trash: sum.trash + r.trash,
      boards: sum.boards + r.boards,
      files: sum.files + r.files,
    }));
    expect(total).toEqual({ trash: 1, boards: 1, files: 3 });
    await expectPurged(s);
  });
});
