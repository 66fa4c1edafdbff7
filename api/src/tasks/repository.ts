/**
 * Tasks: every query on tasks and their assignee and label rows, and rows turned into the API's task.
 *
 * Positions: the tasks of a column have positions 0..n-1. Every change runs under the board lock
 * (boards/access.ts), so each one reads the current order and rewrites positions without races; a
 * move rewrites the whole target column in one statement and closes the gap in the source column.
 */

import { sameValue } from 'contract/same-value';
import type { PriorityValue, Task, TaskDetail } from 'contract/tasks';
import { type Kysely, type Selectable, sql } from 'kysely';
import { recordRevision } from '../board-change/revisions.js';
import { columnTaskIds } from '../columns/index.js';
import { commentsOfTask } from '../comments/index.js';
import type { Database, TasksTable } from '../database.js';
import { filesOfTask } from '../files/index.js';
import { isWatching } from '../watchers/index.js';
import { checklistsOfTask } from './task-checklists.js';

type Db = Kysely<Database>;

type TaskRow = Pick<
  Selectable<TasksTable>,
  | 'id'
  | 'board_id'
  | 'column_id'
  | 'number'
  | 'title'
  | 'estimation'
  | 'priority'
  | 'created_at'
  | 'created_by'
  | 'version'
  | 'due_at'
  | 'start_at'
  | 'due_done'
  | 'cover_file_id'
> & {
  has_description: boolean;
  assignees: number[];
  labels: number[];
  comments_count: number;
  files_count: number;
  checklist_done: number;
  checklist_total: number;
};

/**
 * The one place a task row (with its assignees, labels and counts) becomes the API's task, here and
 * in the board detail (boards/detail.ts).
 */
export function toTask(row: TaskRow): Task {
  return {
    id: String(row.id),
    boardId: row.board_id,
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
    version: row.version,
    dueAt: row.due_at?.toISOString() ?? null,
    startAt: row.start_at?.toISOString() ?? null,
    dueDone: row.due_done,
    checklist: { done: row.checklist_done, total: row.checklist_total },
    coverFileId: row.cover_file_id,
  };
}

/** The task select behind every task answer (its rows go through `toTask`); also used by my-tasks/. */
export function selectTasks(db: Db) {
  return db
    .selectFrom('tasks as t')
    .select([
      't.id',
      't.board_id',
      't.column_id',
      't.number',
      't.title',
      't.description',
      't.estimation',
      't.priority',
      't.created_at',
      't.created_by',
      't.version',
      't.due_at',
      't.start_at',
      't.due_done',
      't.cover_file_id',
      sql<boolean>`t.description <> ''`.as('has_description'),
      sql<number[]>`array(select user_id from task_assignees where task_id = t.id order by user_id)`.as(
        'assignees',
      ),
      sql<number[]>`array(select label_id from task_labels where task_id = t.id order by label_id)`.as(
        'labels',
      ),
      sql<number>`(select count(*)::int from comments where task_id = t.id)`.as('comments_count'),
      sql<number>`(select count(*)::int from files where task_id = t.id)`.as('files_count'),
      sql<number>`(select count(*) filter (where done)::int from checklist_items where task_id = t.id)`.as(
        'checklist_done',
      ),
      sql<number>`(select count(*)::int from checklist_items where task_id = t.id)`.as('checklist_total'),
    ]);
}

/** The board's tasks among `ids`, in id order (unknown ids are left out). */
/** Those of the tasks that are on the board (archived ones are left out), by id. */
export async function findTasks(db: Db, boardId: number, ids: number[]): Promise<Task[]> {
  if (ids.length === 0) return [];
  const rows = await selectTasks(db)
    .where('t.id', 'in', ids)
    .where('t.board_id', '=', boardId)
    .where(onBoard)
    .orderBy('t.id')
    .execute();
  return rows.map(toTask);
}

export async function findTask(db: Db, boardId: number, taskId: number): Promise<Task | null> {
  const row = await selectTasks(db)
    .where('t.id', '=', taskId)
    .where('t.board_id', '=', boardId)
    .executeTakeFirst();
  return row ? toTask(row) : null;
}

/**
 * The task with its description, comments (oldest first), files, checklists and whether `viewerId`
 * watches it; null when not on the board.
 */
export async function findTaskDetail(
  db: Db,
  boardId: number,
  taskId: number,
  viewerId: number,
): Promise<TaskDetail | null> {
  const row = await selectTasks(db)
    .where('t.id', '=', taskId)
    .where('t.board_id', '=', boardId)
    .executeTakeFirst();
  if (!row) return null;
  const [comments, files, checklists, watching] = await Promise.all([
    commentsOfTask(db, taskId),
    filesOfTask(db, taskId),
    checklistsOfTask(db, taskId),
    isWatching(db, taskId, viewerId),
  ]);
  return { ...toTask(row), description: row.description, comments, files, checklists, watching };
}

async function setAssignees(db: Db, taskId: number, userIds: number[]): Promise<void> {
  await db.deleteFrom('task_assignees').where('task_id', '=', taskId).execute();
  if (userIds.length === 0) return;
  await db
    .insertInto('task_assignees')
    .values(userIds.map((user_id) => ({ task_id: taskId, user_id })))
    .execute();
}

async function setLabels(db: Db, taskId: number, labelIds: number[]): Promise<void> {
  await db.deleteFrom('task_labels').where('task_id', '=', taskId).execute();
  if (labelIds.length === 0) return;
  await db
    .insertInto('task_labels')
    .values(labelIds.map((label_id) => ({ task_id: taskId, label_id })))
    .execute();
}

/**
 * A task on its board (alias `t`): neither it nor its column is in the archive. The board's detail and
 * patches, column orders, 'Мои задачи', reminders and the calendar feed count only these.
 */
export const onBoard = sql<boolean>`(t.archived_at is null and exists (
  select 1 from columns oc where oc.id = t.column_id and oc.archived_at is null))`;

const endOfColumn = (columnId: number) =>
  sql<number>`(select coalesce(max(position) + 1, 0) from tasks
    where column_id = ${columnId} and archived_at is null)`;

/**
 * Renumbers a column's tasks 0..n-1 in their current order (after one left it). An archived task keeps
 * its last position, to go back to.
 */
async function compactColumn(db: Db, columnId: number): Promise<void> {
  await sql`
    update tasks set position = s.position
    from (select id, (row_number() over (order by position, id) - 1)::int as position
          from tasks where column_id = ${columnId} and archived_at is null) as s
    where tasks.id = s.id and tasks.position <> s.position
  `.execute(db);
}

/**
 * Takes the task off the board into the archive and closes the gap in its column; answers the
 * column's id, or null when the board has no such task on it.
 */
export async function archiveTask(
  db: Db,
  boardId: number,
  taskId: number,
  userId: number,
): Promise<number | null> {
  const row = await db
    .updateTable('tasks as t')
    .set({ archived_at: sql<Date>`now()`, archived_by: userId })
    .where('t.id', '=', taskId)
    .where('t.board_id', '=', boardId)
    .where(onBoard)
    .returning('t.column_id')
    .executeTakeFirst();
  if (!row) return null;
  await compactColumn(db, row.column_id);
  return row.column_id;
}

/**
 * Puts an archived task back in its column at its last position (or the column's end, if it has
 * fewer tasks now). 'unknown': no such archived task; 'column-archived': its column is in the
 * archive too (the column comes back first), with the column's name. `admit` may refuse the column
 * (a strict limit) by throwing, before anything is written.
 */
export async function unarchiveTask(
  db: Db,
  boardId: number,
  taskId: number,
  admit: (columnId: number) => Promise<void> = async () => {},
): Promise<{ columnId: number } | 'unknown' | { columnArchived: string }> {
  const task = await db
    .selectFrom('tasks as t')
    .innerJoin('columns as c', 'c.id', 't.column_id')
    .select(['t.column_id', 't.position', 'c.name', 'c.archived_at as column_archived_at'])
    .where('t.id', '=', taskId)
    .where('t.board_id', '=', boardId)
    .where('t.archived_at', 'is not', null)
    .executeTakeFirst();
  if (!task) return 'unknown';
  if (task.column_archived_at) return { columnArchived: task.name };
  await admit(task.column_id);
  const open = await db
    .selectFrom('tasks')
    .select('id')
    .where('column_id', '=', task.column_id)
    .where('archived_at', 'is', null)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const order = open.map((row) => row.id);
  order.splice(Math.min(task.position, order.length), 0, taskId);
  await db
    .updateTable('tasks')
    .set({ archived_at: null, archived_by: null })
    .where('id', '=', taskId)
    .execute();
  await sql`
    update tasks set position = (v.ord - 1)::int
    from unnest(${order}::int[]) with ordinality as v(id, ord)
    where tasks.id = v.id and tasks.position <> v.ord - 1
  `.execute(db);
  return { columnId: task.column_id };
}

/** What PUT /api/task/edit sets, under the API's names: the fields a revision keeps. */
export interface TaskFields {
  [field: string]: unknown;
  title: string;
  description: string;
  estimation: string;
  priority: PriorityValue | null;
  columnId: string;
  assignees: number[];
  labels: number[];
  /** ISO 8601 in UTC, or null. */
  dueAt: string | null;
  /** ISO 8601 in UTC, or null; not after `dueAt`. Revisions older than the field lack it (null then). */
  startAt: string | null;
  dueDone: boolean;
}

/** What fields added after the first revisions were, in those revisions (revisions.ts `defaults`). */
export const TASK_FIELD_DEFAULTS: Partial<TaskFields> = { startAt: null };

/** The task's editable fields and version now; null when the board has no such task. */
export async function findTaskFields(
  db: Db,
  boardId: number,
  taskId: number,
): Promise<{ fields: TaskFields; version: number } | null> {
  const row = await selectTasks(db)
    .where('t.id', '=', taskId)
    .where('t.board_id', '=', boardId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    version: row.version,
    fields: {
      title: row.title,
      description: row.description,
      estimation: row.estimation,
      priority: row.priority,
      columnId: String(row.column_id),
      assignees: row.assignees,
      labels: row.labels,
      dueAt: row.due_at?.toISOString() ?? null,
      startAt: row.start_at?.toISOString() ?? null,
      dueDone: row.due_done,
    },
  };
}

/** Keeps the task's fields as of `version` (board-change/revisions.ts). */
function recordTask(
  db: Db,
  boardId: number,
  taskId: number,
  version: number,
  fields: TaskFields,
  userId: number,
) {
  return recordRevision(db, { boardId, entity: 'task', entityId: taskId, version, fields, userId });
}

/**
 * Each task's version grows by one and its fields as they are now are kept as that version's revision,
 * as an edit would: for changes made outside PUT /api/task/edit (a label re-attached by a restore).
 */
export async function recordTaskEdits(db: Db, boardId: number, taskIds: number[], userId: number) {
  for (const taskId of taskIds) {
    const { version } = await db
      .updateTable('tasks')
      .set({ version: sql<number>`version + 1` })
      .where('id', '=', taskId)
      .returning('version')
      .executeTakeFirstOrThrow();
    const current = (await findTaskFields(db, boardId, taskId))!;
    await recordTask(db, boardId, taskId, version, current.fields, userId);
  }
}

export interface NewTask {
  columnId: number;
  title: string;
  priority: PriorityValue | null;
  assignees: number[];
  labels: number[];
}

/** Appends a task to the end of its column, numbered from the board's task_seq. */
export async function createTask(db: Db, boardId: number, userId: number, task: NewTask): Promise<Task> {
  const { task_seq: number } = await db
    .updateTable('boards')
    .set({ task_seq: sql<number>`task_seq + 1` })
    .where('id', '=', boardId)
    .returning('task_seq')
    .executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('tasks')
    .values({
      board_id: boardId,
      column_id: task.columnId,
      position: endOfColumn(task.columnId),
      number,
      title: task.title,
      priority: task.priority,
      created_by: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setAssignees(db, id, task.assignees);
  await setLabels(db, id, task.labels);
  const created = (await findTaskFields(db, boardId, id))!;
  await recordTask(db, boardId, id, created.version, created.fields, userId);
  return (await findTask(db, boardId, id))!;
}

/**
 * Writes a task's fields (`next`, merged by the caller) over `current`: a new column puts it at that
 * column's end. The version grows and the revision is kept only when something changed.
 */
export async function updateTask(
  db: Db,
  boardId: number,
  taskId: number,
  current: { fields: TaskFields; version: number },
  next: TaskFields,
  userId: number,
): Promise<Task> {
  const from = Number(current.fields.columnId);
  const to = Number(next.columnId);
  const moved = from !== to;
  const changed = Object.keys(next).some((field) => !sameValue(next[field], current.fields[field]));
  const version = changed ? current.version + 1 : current.version;
  await db
    .updateTable('tasks')
    .set({
      title: next.title,
      description: next.description,
      estimation: next.estimation,
      priority: next.priority,
      due_at: next.dueAt === null ? null : new Date(next.dueAt),
      start_at: next.startAt === null ? null : new Date(next.startAt),
      due_done: next.dueDone,
      version,
      ...(moved && { column_id: to, position: endOfColumn(to) }),
    })
    .where('id', '=', taskId)
    .execute();
  if (moved) await compactColumn(db, from);
  if (!sameValue(next.assignees, current.fields.assignees)) await setAssignees(db, taskId, next.assignees);
  if (!sameValue(next.labels, current.fields.labels)) await setLabels(db, taskId, next.labels);
  if (changed) await recordTask(db, boardId, taskId, version, next, userId);
  return (await findTask(db, boardId, taskId))!;
}

/** Deletes a task (its comments and files go by cascade): its column, or null when the board has no such task. */
export async function deleteTask(db: Db, boardId: number, taskId: number): Promise<number | null> {
  const row = await db
    .deleteFrom('tasks')
    .where('id', '=', taskId)
    .where('board_id', '=', boardId)
    .returning('column_id')
    .executeTakeFirst();
  if (!row) return null;
  await compactColumn(db, row.column_id);
  return row.column_id;
}

/**
 * The target column's order after a move. `listed` is the client's view of the column, possibly
 * stale: ids not now in the column (nor the moved task) are dropped, duplicates count once, and the
 * column's tasks the list omits follow in their current relative order. Every task of the column
 * and the moved task appear exactly once, whatever the list says.
 */
export function orderAfterMove(
  current: readonly number[],
  listed: readonly number[],
  taskId: number,
): number[] {
  const present = new Set(current);
  present.add(taskId);
  const order = new Set<number>();
  for (const id of listed) if (present.has(id)) order.add(id);
  for (const id of current) order.add(id);
  return [...order];
}

/** The column the task was in, or why nothing moved. */
export type MoveResult = { from: number } | 'unknown-task' | 'unknown-column';

/**
 * Moves a task into `columnId` at the place `listed` (the client's view of that column) gives it,
 * rewriting the column's positions in one statement and closing the gap in the old column.
 */
export async function moveTask(
  db: Db,
  boardId: number,
  taskId: number,
  columnId: number,
  listed: readonly number[],
  userId: number,
): Promise<MoveResult> {
  const task = await findTaskFields(db, boardId, taskId);
  if (!task || !(await findTasks(db, boardId, [taskId])).length) return 'unknown-task';
  const from = Number(task.fields.columnId);
  const column = await db
    .selectFrom('columns')
    .select('id')
    .where('id', '=', columnId)
    .where('board_id', '=', boardId)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  if (!column) return 'unknown-column';
  const order = orderAfterMove(await columnTaskIds(db, columnId), listed, taskId);
  await sql`
    update tasks set column_id = ${columnId}, position = (v.ord - 1)::int
    from unnest(${order}::int[]) with ordinality as v(id, ord)
    where tasks.id = v.id and tasks.board_id = ${boardId}
      and (tasks.column_id <> ${columnId} or tasks.position <> v.ord - 1)
  `.execute(db);
  if (from !== columnId) {
    await compactColumn(db, from);
    const version = task.version + 1;
    await db.updateTable('tasks').set({ version }).where('id', '=', taskId).execute();
    await recordTask(db, boardId, taskId, version, { ...task.fields, columnId: String(columnId) }, userId);
  }
  return { from };
}

/** The task's cover: its file's id and name, or null. */
export async function findCover(db: Db, taskId: number): Promise<{ id: number; name: string } | null> {
  const row = await db
    .selectFrom('tasks as t')
    .innerJoin('files as f', 'f.id', 't.cover_file_id')
    .select(['f.id', 'f.name'])
    .where('t.id', '=', taskId)
    .executeTakeFirst();
  return row ?? null;
}

/** Shows the file on the task's card (null: no cover). The caller checked it is the task's image. */
export async function setCover(db: Db, taskId: number, fileId: number | null): Promise<void> {
  await db.updateTable('tasks').set({ cover_file_id: fileId }).where('id', '=', taskId).execute();
}

/** The board's archived task ids (archived on their own), oldest archived first. */
export async function archivedTaskIds(db: Db, boardId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('tasks')
    .select('id')
    .where('board_id', '=', boardId)
    .where('archived_at', 'is not', null)
    .orderBy('archived_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Tasks as an export writes them, without their checklists, comments and files, by id. */
export async function tasksForExport(
  db: Db,
  boardId: number,
  ids: number[],
): Promise<Map<number, Task & { description: string; archived: boolean }>> {
  const byId = new Map<number, Task & { description: string; archived: boolean }>();
  if (ids.length === 0) return byId;
  const rows = await selectTasks(db)
    .select('t.archived_at')
    .where('t.board_id', '=', boardId)
    .where('t.id', 'in', ids)
    .execute();
  for (const row of rows)
    byId.set(row.id, { ...toTask(row), description: row.description, archived: row.archived_at !== null });
  return byId;
}
