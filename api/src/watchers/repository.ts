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

export interface Watch {
  taskId: number;
  userId: number;
}

/** Makes the users watch the tasks, except where a row already says (a stop stays a stop). */
export async function watchTasks(db: Db, watches: readonly Watch[]): Promise<void> {
  if (watches.length === 0) return;
  await db
    .insertInto('task_watchers')
    .values(watches.map((w) => ({ task_id: w.taskId, user_id: w.userId, watching: true })))
    .onConflict((oc) => oc.columns(['task_id', 'user_id']).doNothing())
    .execute();
}

/** The assignees of the tasks, as watches. */
export async function assigneesOf(db: Db, taskIds: readonly number[]): Promise<Watch[]> {
  if (taskIds.length === 0) return [];
  const rows = await db
    .selectFrom('task_assignees')
    .select(['task_id', 'user_id'])
    .where('task_id', 'in', taskIds)
    .execute();
  return rows.map((row) => ({ taskId: row.task_id, userId: row.user_id }));
}

/** Who watches each task and is still an accepted, not removed member of its board. */
export async function watchersOf(
  db: Db,
  boardId: number,
  taskIds: readonly number[],
): Promise<Map<number, number[]>> {
  const watchers = new Map<number, number[]>();
  if (taskIds.length === 0) return watchers;
  const rows = await db
    .selectFrom('task_watchers as w')
    .innerJoin('board_members as m', 'm.user_id', 'w.user_id')
    .select(['w.task_id', 'w.user_id'])
    .where('m.board_id', '=', boardId)
    .where('m.accepted', '=', true)
    .where('m.is_deleted', '=', false)
    .where('w.task_id', 'in', taskIds)
    .where('w.watching', '=', true)
    .orderBy('w.user_id')
    .execute();
  for (const row of rows) watchers.set(row.task_id, [...(watchers.get(row.task_id) ?? []), row.user_id]);
  return watchers;
}

/** Starts or stops the user watching the board's task; null when the board has no such task. */
export async function setWatching(
  db: Db,
  boardId: number,
  taskId: number,
  userId: number,
  watching: boolean,
): Promise<boolean | null> {
  const row = await db
    .insertInto('task_watchers')
    .columns(['task_id', 'user_id', 'watching'])
    .expression((eb) =>
      eb
        .selectFrom('tasks')
        .select((s) => ['id', s.val(userId).as('user_id'), s.val(watching).as('watching')])
        .where('id', '=', taskId)
        .where('board_id', '=', boardId),
    )
    .onConflict((oc) => oc.columns(['task_id', 'user_id']).doUpdateSet({ watching }))
    .returning('watching')
    .executeTakeFirst();
  return row?.watching ?? null;
}
