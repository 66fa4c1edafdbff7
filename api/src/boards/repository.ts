/**
 * Boards: every query on boards and board_members for the board list and the board detail, and the
 * one place their rows become the API's shapes.
 *
 * The detail of a board of a few thousand tasks is read in one read-only REPEATABLE READ transaction
 * (one snapshot, so columns, tasks and version agree) with a fixed number of queries: the tasks come
 * in one query whose assignees, labels and counts are aggregated per task in the database.
 */
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database, ShowIdsModeValue } from '../database.js';
import {
  type Board,
  type BoardFilter,
  type BoardListItem,
  type Column,
  DEFAULT_COLUMNS,
  type Label,
  type Member,
  PRIORITIES,
  type Sort,
  type Task,
} from './schemas.js';

type Db = Kysely<Database>;

export interface BoardAccessRow {
  createdBy: number;
  /** boards.version as the check saw it. */
  version: number;
  /** Accepted and not removed. */
  member: boolean;
}

/** The board's creator and the user's standing on it; null when the board does not exist. */
export async function findBoardAccess(
  db: Db,
  boardId: number,
  userId: number,
): Promise<BoardAccessRow | null> {
  const row = await db
    .selectFrom('boards as b')
    .leftJoin('board_members as m', (join) =>
      join.onRef('m.board_id', '=', 'b.id').on('m.user_id', '=', userId),
    )
    .select(['b.created_by', 'b.version', 'm.accepted', 'm.is_deleted'])
    .where('b.id', '=', boardId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    createdBy: row.created_by,
    version: Number(row.version),
    member: row.accepted === true && row.is_deleted === false,
  };
}

/** The board's version when the user is an accepted, not removed member; null otherwise. */
export async function findMemberBoardVersion(
  db: Db,
  boardId: number,
  userId: number,
): Promise<number | null> {
  const row = await db
    .selectFrom('boards as b')
    .innerJoin('board_members as m', (join) =>
      join.onRef('m.board_id', '=', 'b.id').on('m.user_id', '=', userId),
    )
    .select('b.version')
    .where('b.id', '=', boardId)
    .where('m.accepted', '=', true)
    .where('m.is_deleted', '=', false)
    .executeTakeFirst();
  return row ? Number(row.version) : null;
}

/** Bumps the version (taking the row lock); null when the board does not exist. */
export async function bumpBoardVersion(
  db: Db,
  boardId: number,
): Promise<{ version: number; createdBy: number; name: string } | null> {
  const row = await db
    .updateTable('boards')
    .set({ version: sql<string>`version + 1` })
    .where('id', '=', boardId)
    .returning(['version', 'created_by', 'name'])
    .executeTakeFirst();
  return row ? { version: Number(row.version), createdBy: row.created_by, name: row.name } : null;
}

/** The user's lists version (see versioned-cache.ts); 0 for an unknown user. */
export async function findListsVersion(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('lists_version')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.lists_version ?? 0;
}

/**
 * Marks board lists and invitation lists changed: of the given users, or of everyone with a row on
 * the board (members, invitees, removed members). Call in the transaction of the change.
 */
export async function touchLists(db: Db, target: { userIds: number[] } | { boardId: number }): Promise<void> {
  if ('userIds' in target && target.userIds.length === 0) return;
  await db
    .updateTable('users')
    .set({ lists_version: sql<number>`lists_version + 1` })
    .where(
      'id',
      'in',
      'userIds' in target
        ? target.userIds
        : db.selectFrom('board_members').select('user_id').where('board_id', '=', target.boardId),
    )
    .execute();
}

/**
 * The boards the user is an accepted, not removed member of. By name: lower-cased, 'ё' as 'е', in
 * code point order (so Russian names sort alphabetically whatever the database's collation), then id.
 */
export async function listBoards(db: Db, userId: number, sort: Sort = 'default'): Promise<BoardListItem[]> {
  const nameKey = sql`translate(lower(b.name), 'ё', 'е') collate "C"`;
  let query = db
    .selectFrom('board_members as m')
    .innerJoin('boards as b', 'b.id', 'm.board_id')
    .select(['b.id', 'b.name', 'b.color'])
    .where('m.user_id', '=', userId)
    .where('m.accepted', '=', true)
    .where('m.is_deleted', '=', false);
  if (sort === 'byNameASC') query = query.orderBy(nameKey, 'asc');
  else if (sort === 'byNameDESC') query = query.orderBy(nameKey, 'desc');
  return query.orderBy('b.id').execute();
}

/** A new board with its default columns; the creator is its first, accepted member. */
export async function createBoard(
  db: Db,
  userId: number,
  data: { name: string; color: string },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('boards')
      .values({ name: data.name, color: data.color, created_by: userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('board_members')
      .values({ board_id: id, user_id: userId, accepted: true, accepted_at: sql<Date>`now()` })
      .execute();
    await trx
      .insertInto('columns')
      .values(DEFAULT_COLUMNS.map((name, position) => ({ board_id: id, name, position })))
      .execute();
    await touchLists(trx, { userIds: [userId] });
    return id;
  });
}

export async function updateBoard(
  db: Db,
  boardId: number,
  data: { name: string; color: string; showIdsMode: ShowIdsModeValue; showTotalColumnEstimation: boolean },
): Promise<void> {
  await db
    .updateTable('boards')
    .set({
      name: data.name,
      color: data.color,
      show_ids_mode: data.showIdsMode,
      show_total_column_estimation: data.showTotalColumnEstimation,
    })
    .where('id', '=', boardId)
    .execute();
  await touchLists(db, { boardId });
}

/** Deletes the board; the foreign keys cascade to everything on it. */
export async function deleteBoard(db: Db, boardId: number): Promise<void> {
  await touchLists(db, { boardId });
  await db.deleteFrom('boards').where('id', '=', boardId).execute();
}

/** `%term%` for ILIKE, with the term's own wildcards and escape character taken literally. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * Everyone on the board: members in the order they joined or were invited (pending, removed too),
 * then invited addresses without an account under negative ids.
 */
export async function loadMembers(db: Db, boardId: number): Promise<Member[]> {
  const members = await db
    .selectFrom('board_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.name', 'u.email', 'u.avatar', 'm.accepted', 'm.is_deleted'])
    .where('m.board_id', '=', boardId)
    .orderBy('m.id')
    .execute();
  const invited = await db
    .selectFrom('invitations')
    .select(['id', 'email'])
    .where('board_id', '=', boardId)
    .orderBy('id')
    .execute();
  return [
    ...members.map(
      (m): Member => ({
        id: m.id,
        name: m.name,
        email: m.email,
        avatar: m.avatar,
        accepted: m.accepted,
        isDeleted: m.is_deleted,
      }),
    ),
    ...invited.map(
      (i): Member => ({
        id: -i.id,
        name: '',
        email: i.email,
        avatar: null,
        accepted: false,
        isDeleted: false,
      }),
    ),
  ];
}

/** The full board as the API shows it, with only the tasks matching the filter; null when unknown. */
export async function loadBoard(db: Db, boardId: number, filter: BoardFilter = {}): Promise<Board | null> {
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
        .select(['id', 'name'])
        .where('board_id', '=', boardId)
        .orderBy('position')
        .orderBy('id')
        .execute();
      const labels = await trx
        .selectFrom('labels')
        .select(['id', 'title', 'color', 'is_main_color'])
        .where('board_id', '=', boardId)
        .orderBy('id')
        .execute();
      const tasks = await selectTasks(trx, boardId, filter);

      const columnMap: Record<string, Column> = {};
      const columnOrder: string[] = [];
      for (const column of columns) {
        const id = String(column.id);
        columnOrder.push(id);
        columnMap[id] = { id, boardId, name: column.name, taskIds: [] };
      }
      const taskMap: Record<string, Task> = {};
      for (const row of tasks) {
        const task = toTask(boardId, row);
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
        labels: labels.map(
          (l): Label => ({
            id: l.id,
            boardId,
            title: l.title,
            color: l.color,
            isMainColor: l.is_main_color,
          }),
        ),
        priorities: PRIORITIES.map((p) => ({ ...p })),
      };
    });
}

interface TaskRow {
  id: number;
  column_id: number;
  number: number;
  title: string;
  has_description: boolean;
  estimation: string;
  priority: Task['priority'];
  assignees: number[];
  labels: number[];
  comments_count: number;
  files_count: number;
  created_by: number;
  created_at: Date;
}

/** The one place a task row becomes the light task of the board detail. */
function toTask(boardId: number, row: TaskRow): Task {
  return {
    id: String(row.id),
    boardId,
    columnId: String(row.column_id),
    number: row.number,
    title: row.title,
    hasDescription: row.has_description,
    estimation: row.estimation,
    priority: row.priority,
    assignees: row.assignees,
    labels: row.labels,
    commentsCount: row.comments_count,
    filesCount: row.files_count,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
  };
}

/**
 * Matching tasks in column and position order: OR within one filter key, AND across keys. The
 * filtered tasks are read once (a CTE); their assignees, labels and counts come from grouped joins on
 * that set, so a board of thousands of tasks costs a few index scans, not one sub-query per task.
 */
function tasksQuery(db: Db, boardId: number, filter: BoardFilter) {
  const assignees = filter.assignee ?? [];
  const labels = filter.label ?? [];
  const priorities = filter.priority ?? [];
  const terms = (filter.search ?? []).map((term) => term.trim()).filter(Boolean);

  const matching = db
    .selectFrom('tasks as t')
    .select([
      't.id',
      't.column_id',
      't.position',
      't.number',
      't.title',
      't.estimation',
      't.priority',
      't.created_by',
      't.created_at',
      sql<boolean>`t.description <> ''`.as('has_description'),
    ])
    .where('t.board_id', '=', boardId)
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
    .$if(terms.length > 0, (q) =>
      q.where(({ or }) =>
        or(
          terms.flatMap((term): Expression<SqlBool>[] => {
            const pattern = containsPattern(term);
            return [sql<SqlBool>`t.title ilike ${pattern}`, sql<SqlBool>`t.description ilike ${pattern}`];
          }),
        ),
      ),
    );

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
    .selectFrom('m')
    .leftJoin('a', 'a.task_id', 'm.id')
    .leftJoin('l', 'l.task_id', 'm.id')
    .leftJoin('c', 'c.task_id', 'm.id')
    .leftJoin('f', 'f.task_id', 'm.id')
    .select([
      'm.id',
      'm.column_id',
      'm.number',
      'm.title',
      'm.estimation',
      'm.priority',
      'm.created_by',
      'm.created_at',
      'm.has_description',
      sql<number[]>`coalesce(a.ids, '{}')`.as('assignees'),
      sql<number[]>`coalesce(l.ids, '{}')`.as('labels'),
      sql<number>`coalesce(c.n, 0)`.as('comments_count'),
      sql<number>`coalesce(f.n, 0)`.as('files_count'),
    ])
    .orderBy('m.column_id')
    .orderBy('m.position')
    .orderBy('m.id');
}

function selectTasks(db: Db, boardId: number, filter: BoardFilter): Promise<TaskRow[]> {
  return tasksQuery(db, boardId, filter).execute();
}
