/**
 * The nightly purge: what has been in the trash, or deleted as a board, for TRASH_DAYS is erased for
 * good, with its files' objects.
 *
 * Once across the cluster: the job queue's cron (plugins/queue.ts) puts one 'trash-purge' job per
 * tick into the queue for all instances, and whichever instance fetches it runs it. Should two purges
 * still meet (an operator's `app.trashPurge.run()` beside the nightly one, or a retry after a job
 * timed out), each row goes in exactly one of their transactions: the deletes lock the rows and the
 * later one finds them gone, so it neither counts them nor removes their objects. The objects go after
 * the commit; if that fails (or the process dies first), no row names them any more and the orphan
 * sweep (files/sweep.ts) removes them a day later.
 */

import { TRASH_DAYS } from 'contract/trash';
import fp from 'fastify-plugin';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database.js';

export const PURGE_QUEUE = 'trash-purge';
/** Every night at 03:00 in REMINDER_TIME_ZONE (the site's zone; UTC when unset). */
export const PURGE_CRON = '0 3 * * *';

export interface PurgeResult {
  /** Trash entries erased (besides those that went with their board). */
  trash: number;
  boards: number;
  /** Objects removed from storage. */
  files: number;
}

export interface TrashPurge {
  /** Erases what was deleted more than TRASH_DAYS before `at` (now by default). */
  run(at?: Date): Promise<PurgeResult>;
}

declare module 'fastify' {
  interface FastifyInstance {
    trashPurge: TrashPurge;
  }
}

type Db = Kysely<Database>;

/**
 * Deletes, in the caller's transaction, the trash entries and the boards deleted before `cutoff`
 * (a board's rows cascade), and answers the counts and the storage keys of their files that no
 * remaining row names. Each step locks what it erases first, so a concurrent purge waits and then
 * finds those rows gone.
 */
export async function purgeDeleted(
  db: Db,
  cutoff: Date,
): Promise<{ trash: number; boards: number; keys: string[] }> {
  const keys = new Set<string>();
  const boardIds = (
    await db
      .selectFrom('boards')
      .select('id')
      .where('deleted_at', 'is not', null)
      .where('deleted_at', '<', cutoff)
      .forUpdate()
      .execute()
  ).map((board) => board.id);
  if (boardIds.length > 0) {
    // Nothing else changes a deleted board's files while its row is locked here.
    const files = await db
      .selectFrom('files')
      .select('storage_key')
      .where('board_id', 'in', boardIds)
      .execute();
    for (const file of files) keys.add(file.storage_key);
    const boardTrash = await db
      .deleteFrom('trash')
      .where('board_id', 'in', boardIds)
      .returning('file_keys')
      .execute();
    for (const row of boardTrash) for (const key of row.file_keys) keys.add(key);
    await db.deleteFrom('boards').where('id', 'in', boardIds).execute();
  }
  const trash = await db
    .deleteFrom('trash')
    .where('deleted_at', '<', cutoff)
    .returning('file_keys')
    .execute();
  for (const row of trash) for (const key of row.file_keys) keys.add(key);
  if (keys.size > 0) {
    // An object still named elsewhere (a restored copy's file row, another entry) stays.
    const named = [...keys];
    const kept = await db
      .selectFrom('files')
      .select('storage_key as key')
      .where('storage_key', 'in', named)
      .union(
        db
          .selectFrom('trash')
          .select(sql<string>`unnest(file_keys)`.as('key'))
          .where(sql<boolean>`file_keys && ${sql.val(named)}::text[]`),
      )
      .execute();
    for (const row of kept) keys.delete(row.key);
  }
  return { trash: trash.length, boards: boardIds.length, keys: [...keys] };
}

export default fp(
  async (app) => {
    const { boss } = app.queue;
    const tz = app.config.reminderTimeZone;
    await app.queue.setup(async () => {
      await boss.createQueue(PURGE_QUEUE, {
        name: PURGE_QUEUE,
        retryLimit: 4,
        retryDelay: 60,
        retryBackoff: true,
        expireInSeconds: 15 * 60,
      });
      await boss.schedule(PURGE_QUEUE, PURGE_CRON, {}, tz ? { tz } : {});
    });

    async function run(at: Date = new Date()): Promise<PurgeResult> {
      const cutoff = new Date(at.getTime() - TRASH_DAYS * 24 * 60 * 60 * 1000);
      const purged = await app.db.transaction().execute((trx) => purgeDeleted(trx, cutoff));
      await app.storage.removeMany(purged.keys);
      const result = { trash: purged.trash, boards: purged.boards, files: purged.keys.length };
      app.log.info({ ...result, cutoff }, 'trash purged');
      return result;
    }

    await app.queue.work(PURGE_QUEUE, { batchSize: 1 }, async () => {
      await run();
    });

    app.decorate('trashPurge', { run } satisfies TrashPurge);
  },
  { name: 'trash-purge', dependencies: ['config', 'db', 'queue', 'storage'] },
);
