/**
 * Task watchers. A row per user who watches a task or stopped watching it (`watching = false`, so
 * commenting again does not add them back against their choice).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';

type Db = Kysely<Database>;

/** Whether the user watches the task. */
export async function isWatching(db: Db, taskId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('task_watchers')
    .select('watching')
    .where('task_id', '=', taskId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.watching === true;
}
