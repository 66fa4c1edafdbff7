/** The board's archive as its list shows it: archived columns, and tasks archived on their own. */

import type { Archive } from 'contract/archive';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database.js';

type Db = Kysely<Database>;

const person = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });

export async function listArchive(db: Db, boardId: number): Promise<Archive> {
  const columns = await db
    .selectFrom('columns as c')
    .leftJoin('users as u', 'u.id', 'c.archived_by')
    .select([
      'c.id',
      'c.name',
      'c.archived_at',
      'u.id as by_id',
      'u.name as by_name',
      sql<number>`(select count(*)::int from tasks t where t.column_id = c.id and t.archived_at is null)`.as(
        'tasks_count',
      ),
    ])
    .where('c.board_id', '=', boardId)
    .where('c.archived_at', 'is not', null)
    .orderBy('c.archived_at', 'desc')
    .orderBy('c.id', 'desc')
    .execute();
  const tasks = await db
    .selectFrom('tasks as t')
    .innerJoin('columns as c', 'c.id', 't.column_id')
    .leftJoin('users as u', 'u.id', 't.archived_by')
    .select([
      't.id',
      't.number',
      't.title',
      't.archived_at',
      'c.id as column_id',
      'c.name as column_name',
      'c.archived_at as column_archived_at',
      'u.id as by_id',
      'u.name as by_name',
    ])
    .where('t.board_id', '=', boardId)
    .where('t.archived_at', 'is not', null)
    .orderBy('t.archived_at', 'desc')
    .orderBy('t.id', 'desc')
    .execute();
  return {
    columns: columns.map((row) => ({
      id: String(row.id),
      name: row.name,
      tasksCount: row.tasks_count,
      archivedAt: (row.archived_at as Date).toISOString(),
      archivedBy: person(row.by_id, row.by_name),
    })),
    tasks: tasks.map((row) => ({
      id: String(row.id),
      number: row.number,
      title: row.title,
      column: { id: String(row.column_id), name: row.column_name, archived: row.column_archived_at !== null },
      archivedAt: (row.archived_at as Date).toISOString(),
      archivedBy: person(row.by_id, row.by_name),
    })),
  };
}
