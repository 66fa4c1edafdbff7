import type { MyTask } from 'contract/my-tasks';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database.js';
import { onBoard, selectTasks, toTask } from '../tasks/index.js';

type Db = Kysely<Database>;

/**
 * The tasks assigned to the user on boards (not deleted) they are still an accepted member of, not in
 * the board's archive, ordered by due date
 * (none last), board, id. `withDueOnly`: only those with a due or a start date (the calendar feed).
 */
export async function findMyTasks(db: Db, userId: number, withDueOnly = false): Promise<MyTask[]> {
  let query = selectTasks(db)
    .innerJoin('task_assignees as ta', 'ta.task_id', 't.id')
    .innerJoin('board_members as m', (join) =>
      join.onRef('m.board_id', '=', 't.board_id').onRef('m.user_id', '=', 'ta.user_id'),
    )
    .innerJoin('boards as b', 'b.id', 't.board_id')
    .select('b.name as board_name')
    .where('ta.user_id', '=', userId)
    .where('m.accepted', '=', true)
    .where('m.is_deleted', '=', false)
    .where('b.deleted_at', 'is', null)
    .where(onBoard)
    .orderBy(sql`t.due_at asc nulls last`)
    .orderBy('t.board_id')
    .orderBy('t.id');
  if (withDueOnly) query = query.where(sql<boolean>`(t.due_at is not null or t.start_at is not null)`);
  const rows = await query.execute();
  return rows.map((row) => ({ ...toTask(row), board: { id: row.board_id, name: row.board_name } }));
}
