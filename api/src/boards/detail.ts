/**
 * The board detail: the board with its members, columns, labels and the tasks matching a filter.
 *
 * A board of a few thousand tasks is read in one read-only REPEATABLE READ transaction (one snapshot,
 * so columns, tasks and version agree) with a fixed number of queries: the tasks come in one query
 * whose assignees, labels and counts are aggregated per task in the database. Rows become the API's
 * shapes through the same mappers the columns, labels, members and tasks repositories use.
 */

import type { Board, BoardFilter } from 'contract/boards';
import type { Column } from 'contract/columns';
import { type DueCondition, dueConditions, type Interval } from 'contract/due-window';
import { PRIORITIES, type Task } from 'contract/tasks';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { COLUMN_COLUMNS, toColumn } from '../columns/index.js';
import type { Database } from '../database.js';
import { LABEL_COLUMNS, toLabel } from '../labels/index.js';
import { loadMembers } from '../members/index.js';
import { onBoard, toTask } from '../tasks/index.js';

type Db = Kysely<Database>;

/**
 * The full board as the API shows it, with only the tasks matching the filter (its due part as at
 * `now`); null when unknown. The filter's zone must be valid (the route checks it).
 */
export async function loadBoard(
  db: Db,
  boardId: number,
  filter: BoardFilter = {},
  now: Date = new Date(),
): Promise<Board | null> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      // The tasks query's estimated cost would start JIT compilation, which takes longer than the query.
      await sql`set local jit = off`.execute(trx);
      const board = await trx
        .selectFrom('boards')
        .select([
          'id',
          'name',
          'color',
          'show_ids_mode',
          'show_total_column_estimation',
          'created_by',
          'version',
        ])
        .where('id', '=', boardId)
        .executeTakeFirst();
      if (!board) return null;

      const members = await loadMembers(trx, boardId);
      const columns = await trx
        .selectFrom('columns')
        .select(COLUMN_COLUMNS)
        .where('board_id', '=', boardId)
        .where('archived_at', 'is', null)
        .orderBy('position')
        .orderBy('id')
        .execute();
      const labels = await trx
        .selectFrom('labels')
        .select(LABEL_COLUMNS)
        .where('board_id', '=', boardId)
        .orderBy('id')
        .execute();
      const tasks = await tasksQuery(trx, boardId, filter, now).execute();

      const columnMap: Record<string, Column> = {};
      const columnOrder: string[] = [];
      for (const column of columns) {
        const id = String(column.id);
        columnOrder.push(id);
        columnMap[id] = toColumn(column, []);
      }
      const taskMap: Record<string, Task> = {};
      for (const row of tasks) {
        const task = toTask(row);
        taskMap[task.id] = task;
        columnMap[task.columnId]?.taskIds.push(task.id);
      }

      return {
        id: board.id,
        name: board.name,
        color: board.color,
        showIdsMode: board.show_ids_mode,
        showTotalColumnEstimation: board.show_total_column_estimation,
        createdBy: board.created_by,
        version: Number(board.version),
        members,
        columnOrder,
        columns: columnMap,
        tasks: taskMap,
        labels: labels.map(toLabel),
        priorities: PRIORITIES.map((p) => ({ ...p })),
      };
    });
}

/** `%term%` for ILIKE, with the term's own wildcards and escape character taken literally. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, '\\$&')}%`;

const instant = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

/** One due condition (contract/src/due-window.ts, which `dueMatches` reads the same way) in SQL. */
function dueSql(condition: DueCondition): Expression<SqlBool> {
  switch (condition.kind) {
    case 'none':
      return sql<SqlBool>`t.due_at is null`;
    case 'overdue':
      return sql<SqlBool>`(t.due_at < ${instant(condition.now)} and not t.due_done)`;
    case 'within':
      return overlapsSql(condition);
  }
}

/**
 * The task's dates [start_at ?? due_at, due_at ?? start_at] overlap [start, end) (due-window.ts
 * `rangeOverlaps`); without a start, its due date is in the interval. A task with no date never is.
 */
const overlapsSql = ({ start, end }: Interval): Expression<SqlBool> =>
  sql<SqlBool>`(coalesce(t.start_at, t.due_at) < ${instant(end)}
    and coalesce(t.due_at, t.start_at) >= ${instant(start)})`;

/** The calendar's part of a query: tasks whose dates overlap an interval, or tasks with no date. */
type Dates = Interval | 'undated';

/**
 * The board's tasks for the calendar view (GET /api/board/{id}/calendar): those matching the filter
 * whose dates overlap `range`, by their first date then id, and those with no date in board order (at
 * most `undatedLimit`) with their count; null for an unknown board. One snapshot, as `loadBoard`.
 */
export async function loadCalendar(
  db: Db,
  boardId: number,
  filter: BoardFilter,
  range: Interval,
  undatedLimit: number,
  now: Date = new Date(),
): Promise<{ tasks: Task[]; undated: Task[]; undatedCount: number } | null> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      await sql`set local jit = off`.execute(trx);
      const board = await trx.selectFrom('boards').select('id').where('id', '=', boardId).executeTakeFirst();
      if (!board) return null;
      const dated = await tasksQuery(trx, boardId, filter, now, range).execute();
      const undated = await tasksQuery(trx, boardId, filter, now, 'undated').limit(undatedLimit).execute();
      const { count } = await trx
        .selectFrom(matchingTasks(trx, boardId, filter, now, 'undated').as('u'))
        .select(sql<number>`count(*)::int`.as('count'))
        .executeTakeFirstOrThrow();
      const first = (task: Task) => Date.parse((task.startAt ?? task.dueAt) as string);
      const tasks = dated.map(toTask).sort((a, b) => first(a) - first(b) || Number(a.id) - Number(b.id));
      return { tasks, undated: undated.map(toTask), undatedCount: count };
    });
}

/**
 * Matching tasks in column and position order: OR within one filter key, AND across keys. The
 * filtered tasks are read once (a CTE); their assignees, labels and counts come from grouped joins on
 * that set, so a board of thousands of tasks costs a few index scans, not one sub-query per task.
 */
function tasksQuery(db: Db, boardId: number, filter: BoardFilter, now: Date, dates?: Dates) {
  const matching = matchingTasks(db, boardId, filter, now, dates);
  return withCounts(db, boardId, matching);
}

/** The filter's tasks (alias `t`), without their assignees, labels and counts. */
function matchingTasks(db: Db, boardId: number, filter: BoardFilter, now: Date, dates?: Dates) {
  const due = dueConditions(filter, now);
  if (!due) throw new Error(`unknown time zone ${filter.tz}`);
  const assignees = filter.assignee ?? [];
  const labels = filter.label ?? [];
  const priorities = filter.priority ?? [];
  const terms = (filter.search ?? []).map((term) => term.trim()).filter(Boolean);

  return db
    .selectFrom('tasks as t')
    .select([
      't.id',
      't.board_id',
      't.column_id',
      't.position',
      't.number',
      't.title',
      't.estimation',
      't.priority',
      't.created_by',
      't.created_at',
      't.version',
      't.due_at',
      't.start_at',
      't.due_done',
      't.cover_file_id',
      sql<boolean>`t.description <> ''`.as('has_description'),
    ])
    .where('t.board_id', '=', boardId)
    .where(onBoard)
    .$if(assignees.length > 0, (q) =>
      q.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('task_assignees as fa')
            .select(sql`1`.as('one'))
            .whereRef('fa.task_id', '=', 't.id')
            .where('fa.user_id', 'in', assignees),
        ),
      ),
    )
    .$if(labels.length > 0, (q) =>
      q.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('task_labels as fl')
            .select(sql`1`.as('one'))
            .whereRef('fl.task_id', '=', 't.id')
            .where('fl.label_id', 'in', labels),
        ),
      ),
    )
    .$if(priorities.length > 0, (q) => q.where('t.priority', 'in', priorities))
    .$if(due.length > 0, (q) => q.where(({ or }) => or(due.map(dueSql))))
    .$if(terms.length > 0, (q) =>
      q.where(({ or }) =>
        or(
          terms.flatMap((term): Expression<SqlBool>[] => {
            const pattern = containsPattern(term);
            return [sql<SqlBool>`t.title ilike ${pattern}`, sql<SqlBool>`t.description ilike ${pattern}`];
          }),
        ),
      ),
    )
    .$if(dates === 'undated', (q) => q.where('t.due_at', 'is', null).where('t.start_at', 'is', null))
    .$if(dates !== undefined && dates !== 'undated', (q) => q.where(overlapsSql(dates as Interval)));
}

/** The matching tasks with their assignees, labels and counts, in column and position order. */
function withCounts(db: Db, boardId: number, matching: ReturnType<typeof matchingTasks>) {
  return db
    .with('m', () => matching)
    .with('a', (qc) =>
      qc
        .selectFrom('task_assignees as a')
        .innerJoin('m', 'm.id', 'a.task_id')
        .select(['a.task_id', sql<number[]>`array_agg(a.user_id order by a.user_id)`.as('ids')])
        .groupBy('a.task_id'),
    )
    .with('l', (qc) =>
      qc
        .selectFrom('task_labels as l')
        .innerJoin('m', 'm.id', 'l.task_id')
        .select(['l.task_id', sql<number[]>`array_agg(l.label_id order by l.label_id)`.as('ids')])
        .groupBy('l.task_id'),
    )
    .with('c', (qc) =>
      qc
        .selectFrom('comments')
        .select(['task_id', sql<number>`count(*)::int`.as('n')])
        .where('board_id', '=', boardId)
        .groupBy('task_id'),
    )
    .with('f', (qc) =>
      qc
        .selectFrom('files')
        .select(['task_id', sql<number>`count(*)::int`.as('n')])
        .where('board_id', '=', boardId)
        .groupBy('task_id'),
    )
    .with('k', (qc) =>
      qc
        .selectFrom('checklist_items')
        .select([
          'task_id',
          sql<number>`count(*) filter (where done)::int`.as('done'),
          sql<number>`count(*)::int`.as('total'),
        ])
        .where('board_id', '=', boardId)
        .groupBy('task_id'),
    )
    .selectFrom('m')
    .leftJoin('a', 'a.task_id', 'm.id')
    .leftJoin('l', 'l.task_id', 'm.id')
    .leftJoin('c', 'c.task_id', 'm.id')
    .leftJoin('f', 'f.task_id', 'm.id')
    .leftJoin('k', 'k.task_id', 'm.id')
    .select([
      'm.id',
      'm.board_id',
      'm.column_id',
      'm.number',
      'm.title',
      'm.estimation',
      'm.priority',
      'm.created_by',
      'm.created_at',
      'm.version',
      'm.due_at',
      'm.start_at',
      'm.due_done',
      'm.cover_file_id',
      'm.has_description',
      sql<number[]>`coalesce(a.ids, '{}')`.as('assignees'),
      sql<number[]>`coalesce(l.ids, '{}')`.as('labels'),
      sql<number>`coalesce(c.n, 0)`.as('comments_count'),
      sql<number>`coalesce(f.n, 0)`.as('files_count'),
      sql<number>`coalesce(k.done, 0)`.as('checklist_done'),
      sql<number>`coalesce(k.total, 0)`.as('checklist_total'),
    ])
    .orderBy('m.column_id')
    .orderBy('m.position')
    .orderBy('m.id');
}
