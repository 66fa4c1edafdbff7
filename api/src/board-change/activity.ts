import { ACTIVITY_PAGE, type Activity } from 'contract/activity';
import type { ActivityEntry, ActivityKind, FieldChange } from 'contract/activity-kinds';
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';
import type { Recorder } from './change-board.js';

type Db = Kysely<Database>;

export type { ActivityEntry };

/** `{ field, from, to }` for every listed field whose value differs (compared as JSON). */
export function fieldChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields: readonly string[],
): FieldChange[] {
  return fields
    .filter(
      (field) =>
        field in after && JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null),
    )
    .map((field) => ({ field, from: before[field] ?? null, to: after[field] ?? null }));
}

const SELECT = [
  'activity.id',
  'activity.at',
  'activity.user_id',
  'users.name as user_name',
  'activity.kind',
  'activity.task_id',
  'activity.task_title',
  'activity.column_id',
  'activity.column_name',
  'activity.data',
] as const;

interface Row {
  id: number;
  at: Date;
  user_id: number | null;
  user_name: string | null;
  kind: ActivityKind;
  task_id: number | null;
  task_title: string | null;
  column_id: number | null;
  column_name: string | null;
  data: Record<string, unknown>;
}

function toActivity(row: Row): Activity {
  const activity: Activity = {
    id: row.id,
    at: row.at.toISOString(),
    user: row.user_id === null ? null : { id: row.user_id, name: row.user_name ?? '' },
    kind: row.kind,
    data: row.data,
  };
  if (row.task_id !== null) activity.task = { id: String(row.task_id), title: row.task_title ?? '' };
  if (row.column_id !== null) activity.column = { id: String(row.column_id), name: row.column_name ?? '' };
  return activity;
}

/** Inserts a change's rows (in its transaction) and answers them in the API's shape, oldest first. */
export async function insertActivity(
  db: Db,
  boardId: number,
  userId: number,
  entries: readonly ActivityEntry[],
): Promise<Activity[]> {
  if (entries.length === 0) return [];
  const taskIds = entries
    .filter((e) => e.taskId !== undefined && e.taskTitle === undefined)
    .map((e) => e.taskId as number);
  const columnIds = entries
    .filter((e) => e.columnId !== undefined && e.columnName === undefined)
    .map((e) => e.columnId as number);
  const titles = new Map(
    taskIds.length === 0
      ? []
      : (await db.selectFrom('tasks').select(['id', 'title']).where('id', 'in', taskIds).execute()).map(
          (t) => [t.id, t.title] as const,
        ),
  );
  const names = new Map(
    columnIds.length === 0
      ? []
      : (await db.selectFrom('columns').select(['id', 'name']).where('id', 'in', columnIds).execute()).map(
          (c) => [c.id, c.name] as const,
        ),
  );
  const inserted = await db
    .insertInto('activity')
    .values(
      entries.map((e) => ({
        board_id: boardId,
        user_id: userId,
        kind: e.kind,
        task_id: e.taskId ?? null,
        task_title: e.taskId === undefined ? null : (e.taskTitle ?? titles.get(e.taskId) ?? ''),
        column_id: e.columnId ?? null,
        column_name: e.columnId === undefined ? null : (e.columnName ?? names.get(e.columnId) ?? ''),
        data: JSON.stringify(e.data ?? {}),
      })),
    )
    .returning('id')
    .execute();
  return listActivity(db, boardId, { ids: inserted.map((row) => row.id) }).then((rows) => rows.reverse());
}

/** Newest first, a page of 50; `before` pages on, `taskId` keeps one task's rows. */
export async function listActivity(
  db: Db,
  boardId: number,
  { taskId, before, ids }: { taskId?: number; before?: number; ids?: number[] },
): Promise<Activity[]> {
  let query = db
    .selectFrom('activity')
    .leftJoin('users', 'users.id', 'activity.user_id')
    .select(SELECT)
    .where('activity.board_id', '=', boardId);
  if (taskId !== undefined) query = query.where('activity.task_id', '=', taskId);
  if (before !== undefined) query = query.where('activity.id', '<', before);
  if (ids !== undefined) query = query.where('activity.id', 'in', ids);
  if (ids === undefined) query = query.limit(ACTIVITY_PAGE);
  const rows = await query.orderBy('activity.id', 'desc').execute();
  return rows.map((row) => toActivity(row as Row));
}

/** Column names by id (for a move's from and to). */
export async function columnNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  const rows = await db.selectFrom('columns').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** A user as member activity names them: `{ userId, name, email }` (empty when the account is gone). */
export async function personOf(
  db: Db,
  userId: number,
): Promise<{ userId: number; name: string; email: string }> {
  const row = await db
    .selectFrom('users')
    .select(['name', 'email'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return { userId, name: row?.name ?? '', email: row?.email ?? '' };
}

/** The kernel's activity recorder: the change's rows, which the patch then carries. */
export const recordActivity: Recorder = async ({ trx, boardId, userId, changes, recorded }) => {
  recorded.activity = await insertActivity(trx, boardId, userId, changes.activity);
  return undefined;
};
