/**
 * Writes a SourceBoard as a new board, inside the import's one transaction (changeNewBoard): the
 * board with the importer as its creator, columns (open ones in order, then the archived), labels,
 * tasks with their labels, checklists and comments, the first revision of each item, and the
 * invitations of the mapped members. Rows go in batches of BATCH, so a 10,000-card board is a few
 * hundred statements and other requests get their turn between them; `onStage` hears the progress.
 *
 * A mapped member's assignments wait in `pending_assignees` until they accept the invitation (the
 * importer's own are made at once); a comment is theirs when their address has an account, else the
 * importer's with the source's author name kept beside it.
 *
 * `writeTasks` is the tasks' part alone, for copies that add cards to a board that exists (copy/).
 */
import type { ActivityData } from 'contract/activity-kinds';
import type { ImportReport, ImportStage } from 'contract/imports';
import { sql, type Transaction } from 'kysely';
import { touchLists } from '../board-change/access-repository.js';
import { personOf } from '../board-change/activity.js';
import type { BoardChanges } from '../board-change/changes.js';
import { firstRevisions } from '../boards/index.js';
import type { Database } from '../database.js';
import { findUserIdByEmail, inviteEmail, inviteUser } from '../invites/index.js';
import { LABEL_COLUMNS, labelFields, toLabel } from '../labels/index.js';
import { countTasks, type SourceBoard, type SourceTask } from './source.js';

type Trx = Transaction<Database>;

const BATCH = 500;

/** Lengths the API accepts for each text (the contract's limits): longer source texts are cut. */
const LIMIT = {
  board: 100,
  column: 100,
  label: 100,
  title: 500,
  description: 20_000,
  estimation: 8,
  item: 500,
  comment: 5000,
};
const HEX = /^#[0-9a-f]{6}$/;

export interface WriteOptions {
  userId: number;
  /** The board's name (the source's when empty). */
  name: string;
  /** Source member id -> the e-mail to invite (lower case). */
  invite: ReadonlyMap<string, string>;
  onStage: (stage: ImportStage) => void;
  /** Set for a copy or a template: its activity row instead of 'board.imported'. */
  copied?: Omit<ActivityData['board.copied'], 'tasks'>;
}

export interface Invited {
  email: string;
  /** Set when the address has an account: its invitation's id, for the letter's link. */
  inviteId: number | null;
}

export interface Written {
  boardId: number;
  boardName: string;
  report: ImportReport;
  invited: Invited[];
}

function* chunks<T>(items: readonly T[], size = BATCH): Generator<T[]> {
  for (let at = 0; at < items.length; at += size) yield items.slice(at, at + size);
}

/** Cuts texts to a limit, counting how many it cut. */
export class Clipper {
  clipped = 0;

  clip = (text: string, max: number): string => {
    if (text.length <= max) return text;
    this.clipped += 1;
    return text.slice(0, max);
  };
}

/** A task to write: its column on the board and its position there. */
export interface PlacedTask {
  task: SourceTask;
  columnId: number;
  position: number;
}

/** Where and how writeTasks writes. */
export interface TaskTarget {
  boardId: number;
  /** Who writes: the tasks' creator, and the author of comments whose own is unknown. */
  userId: number;
  /** The first task's number on the board; the others follow in order. */
  firstNumber: number;
  /** A source label key -> the board's label id. */
  labelIds: ReadonlyMap<string, number>;
  /** A source member key as an assignee here: a user now, an address waiting for its invitation, or no one. */
  assignee: (key: string) => { userId: number } | { email: string } | null;
  /** A comment's source author as an account here, if any. */
  author: (key: string) => number | undefined;
  clipper: Clipper;
  onStage: (stage: ImportStage) => void;
}

/** What writeTasks wrote. */
export interface WrittenTasks {
  /** In the order of the placed tasks. */
  taskIds: number[];
  archivedTasks: number;
  dueDates: number;
  checklists: number;
  checklistItems: number;
  comments: number;
  /** Assignments of source members that are no one here. */
  unknownAssignees: number;
}

/**
 * Writes tasks with their labels, assignees (or waiting assignments), first revisions, checklists
 * and comments onto a board that has their columns and labels, in batches.
 */
export async function writeTasks(
  trx: Trx,
  placed: readonly PlacedTask[],
  target: TaskTarget,
): Promise<WrittenTasks> {
  const { boardId, userId, labelIds, clipper, onStage } = target;
  const { clip } = clipper;
  const total = placed.length;
  const now = new Date();
  const written: WrittenTasks = {
    taskIds: [],
    archivedTasks: 0,
    dueDates: 0,
    checklists: 0,
    checklistItems: 0,
    comments: 0,
    unknownAssignees: 0,
  };
  const { taskIds } = written;
  onStage({ name: 'tasks', done: 0, total });
  for (const batch of chunks(placed)) {
    const rows = await trx
      .insertInto('tasks')
      .values(
        batch.map(({ task, columnId, position }, index) => ({
          board_id: boardId,
          column_id: columnId,
          position,
          number: target.firstNumber + taskIds.length + index,
          title: clip(task.title.trim() || 'Без названия', LIMIT.title),
          description: clip(task.description, LIMIT.description),
          estimation: clip(task.estimation.trim(), LIMIT.estimation),
          priority: task.priority,
          created_by: userId,
          due_at: task.dueAt,
          start_at: task.startAt,
          due_done: task.dueDone,
          ...(task.archived && { archived_at: now, archived_by: userId }),
        })),
      )
      .returning(['id', 'title', 'description', 'estimation', 'version'])
      .execute();
    const labels: { task_id: number; label_id: number }[] = [];
    const assignees: { task_id: number; user_id: number }[] = [];
    const pending: { board_id: number; task_id: number; email: string }[] = [];
    const revisions = rows.map((row, index) => {
      const { task, columnId } = batch[index]!;
      const taskLabels = [...new Set(task.labels.flatMap((key) => labelIds.get(key) ?? []))];
      for (const label of taskLabels) labels.push({ task_id: row.id, label_id: label });
      const assigned = new Set<number>();
      for (const key of new Set(task.assignees)) {
        const assignee = target.assignee(key);
        if (assignee === null) written.unknownAssignees += 1;
        else if ('userId' in assignee) assigned.add(assignee.userId);
        else pending.push({ board_id: boardId, task_id: row.id, email: assignee.email });
      }
      for (const user of assigned) assignees.push({ task_id: row.id, user_id: user });
      if (task.archived) written.archivedTasks += 1;
      if (task.dueAt) written.dueDates += 1;
      return {
        board_id: boardId,
        entity: 'task' as const,
        entity_id: row.id,
        version: row.version,
        fields: JSON.stringify({
          title: row.title,
          description: row.description,
          estimation: row.estimation,
          priority: task.priority,
          columnId: String(columnId),
          assignees: [...assigned].sort((a, b) => a - b),
          labels: taskLabels.sort((a, b) => a - b),
          dueAt: task.dueAt?.toISOString() ?? null,
          startAt: task.startAt?.toISOString() ?? null,
          dueDone: task.dueDone,
        }),
        changed_by: userId,
      };
    });
    if (labels.length > 0) await trx.insertInto('task_labels').values(labels).execute();
    if (assignees.length > 0) await trx.insertInto('task_assignees').values(assignees).execute();
    if (pending.length > 0)
      await trx
        .insertInto('pending_assignees')
        .values(pending)
        .onConflict((oc) => oc.doNothing())
        .execute();
    await trx.insertInto('revisions').values(revisions).execute();
    taskIds.push(...rows.map((row) => row.id));
    onStage({ name: 'tasks', done: taskIds.length, total });
  }

  // Checklists, then their items.
  const lists = placed.flatMap(({ task }, index) =>
    task.checklists.map((checklist, position) => ({ taskId: taskIds[index]!, position, checklist })),
  );
  const itemsTotal = lists.reduce((sum, { checklist }) => sum + checklist.items.length, 0);
  onStage({ name: 'checklists', done: 0, total: itemsTotal });
  for (const batch of chunks(lists)) {
    const rows = await trx
      .insertInto('checklists')
      .values(
        batch.map(({ taskId, position, checklist }) => ({
          board_id: boardId,
          task_id: taskId,
          title: clip(checklist.title.trim() || 'Чек-лист', LIMIT.item),
          position,
        })),
      )
      .returning('id')
      .execute();
    const items = batch.flatMap(({ taskId, checklist }, index) =>
      checklist.items.map((item, position) => ({
        board_id: boardId,
        task_id: taskId,
        checklist_id: rows[index]!.id,
        text: clip(item.text.trim() || '—', LIMIT.item),
        done: item.done,
        assignee_id: null,
        position,
      })),
    );
    for (const part of chunks(items)) {
      await trx.insertInto('checklist_items').values(part).execute();
      written.checklistItems += part.length;
      onStage({ name: 'checklists', done: written.checklistItems, total: itemsTotal });
    }
    written.checklists += batch.length;
  }

  const comments = placed.flatMap(({ task }, index) =>
    task.comments
      .filter((comment) => comment.text.trim() !== '')
      .map((comment) => ({ taskId: taskIds[index]!, comment })),
  );
  onStage({ name: 'comments', done: 0, total: comments.length });
  for (const batch of chunks(comments)) {
    await trx
      .insertInto('comments')
      .values(
        batch.map(({ taskId, comment }) => {
          const author = comment.author === null ? undefined : target.author(comment.author);
          return {
            board_id: boardId,
            task_id: taskId,
            user_id: author ?? userId,
            text: clip(comment.text, LIMIT.comment),
            created_at: comment.createdAt,
            author_name: author === undefined ? comment.authorName || null : null,
          };
        }),
      )
      .execute();
    written.comments += batch.length;
    onStage({ name: 'comments', done: written.comments, total: comments.length });
  }
  return written;
}

export async function writeBoard(
  trx: Trx,
  source: SourceBoard,
  { userId, name, invite, onStage, copied }: WriteOptions,
  changes: BoardChanges,
): Promise<Written> {
  const clipper = new Clipper();
  const { clip } = clipper;
  const importer = await trx
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();

  // Whom each mapped source member is here: an account (for comments) and the address (for assignments).
  const emailOf = new Map<string, string>();
  const userOf = new Map<string, number>();
  const accounts = new Map<string, number | null>();
  for (const [key, email] of invite) {
    emailOf.set(key, email);
    if (!accounts.has(email))
      accounts.set(email, email === importer.email ? userId : await findUserIdByEmail(trx, email));
    const account = accounts.get(email);
    if (account) userOf.set(key, account);
  }

  const boardName = clip(name.trim() || source.name.trim() || 'Импорт', LIMIT.board);
  const settings = source.settings;
  const { id: boardId } = await trx
    .insertInto('boards')
    .values({
      name: boardName,
      ...(settings.color && HEX.test(settings.color) && { color: settings.color }),
      ...(settings.showIdsMode && { show_ids_mode: settings.showIdsMode }),
      ...(settings.showTotalColumnEstimation !== undefined && {
        show_total_column_estimation: settings.showTotalColumnEstimation,
      }),
      created_by: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('board_members')
    .values({
      board_id: boardId,
      user_id: userId,
      accepted: true,
      accepted_at: sql<Date>`now()`,
      role: 'admin',
    })
    .execute();

  // Columns: the open ones in order, then the archived ones after them.
  const ordered = [
    ...source.columns.filter((column) => !column.archived),
    ...source.columns.filter((column) => column.archived),
  ];
  onStage({ name: 'columns', done: 0, total: ordered.length });
  const now = new Date();
  const columnIds: number[] = [];
  for (const batch of chunks(ordered)) {
    const rows = await trx
      .insertInto('columns')
      .values(
        batch.map((column, index) => ({
          board_id: boardId,
          name: clip(column.name.trim() || 'Без названия', LIMIT.column),
          position: columnIds.length + index,
          wip_limit: column.wipLimit ?? null,
          wip_strict: column.wipStrict ?? false,
          ...(column.archived && { archived_at: now, archived_by: userId }),
        })),
      )
      .returning(['id', 'name'])
      .execute();
    columnIds.push(...rows.map((row) => row.id));
    await trx
      .insertInto('revisions')
      .values(firstRevisions(boardId, { name: boardName, ...settings }, rows, userId))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  const labelIds = new Map<string, number>();
  for (const batch of chunks(source.labels)) {
    const rows = await trx
      .insertInto('labels')
      .values(
        batch.map((label) => ({
          board_id: boardId,
          title: clip(label.title.trim() || 'Метка', LIMIT.label),
          color: HEX.test(label.color) ? label.color : '#b3bac5',
        })),
      )
      .returning(LABEL_COLUMNS)
      .execute();
    const labels = rows.map(toLabel);
    for (const [index, label] of labels.entries()) labelIds.set(batch[index]!.key, label.id);
    await trx
      .insertInto('revisions')
      .values(
        labels.map((label) => ({
          board_id: boardId,
          entity: 'label' as const,
          entity_id: label.id,
          version: label.version,
          fields: JSON.stringify(labelFields(label)),
          changed_by: userId,
        })),
      )
      .execute();
  }

  // Tasks, column by column, numbered from 1 in that order.
  const total = countTasks(source);
  const placed = ordered.flatMap((column, index) =>
    column.tasks.map((task, position) => ({ task, columnId: columnIds[index]!, position })),
  );
  const tasks = await writeTasks(trx, placed, {
    boardId,
    userId,
    firstNumber: 1,
    labelIds,
    assignee: (key) => {
      const email = emailOf.get(key);
      if (!email) return null;
      return userOf.get(key) === userId ? { userId } : { email };
    },
    author: (key) => userOf.get(key),
    clipper,
    onStage,
  });
  await trx.updateTable('boards').set({ task_seq: tasks.taskIds.length }).where('id', '=', boardId).execute();
  const report: ImportReport = {
    columns: ordered.filter((column) => !column.archived).length,
    tasks: total,
    archivedColumns: ordered.filter((column) => column.archived).length,
    archivedTasks: tasks.archivedTasks,
    labels: labelIds.size,
    checklists: tasks.checklists,
    checklistItems: tasks.checklistItems,
    comments: tasks.comments,
    dueDates: tasks.dueDates,
    invited: [],
    skipped: [...source.skipped],
  };

  // The mapped members' invitations (the importer is already the creator).
  onStage({ name: 'finishing', done: 0, total: 1 });
  const invited: Invited[] = [];
  for (const [email, account] of accounts) {
    if (account === userId) continue;
    if (account === null) {
      await inviteEmail(trx, boardId, email, userId);
      invited.push({ email, inviteId: null });
      changes.record('member.invited', { data: { email, name: '' } });
    } else {
      invited.push({ email, inviteId: await inviteUser(trx, boardId, account) });
      changes.memberList(account).record('member.invited', { data: await personOf(trx, account) });
    }
  }
  report.invited = invited.map((entry) => entry.email);
  if (tasks.unknownAssignees > 0)
    report.skipped.push({
      what: 'Исполнители',
      why: `не сопоставлены с участниками: назначений — ${tasks.unknownAssignees}`,
    });
  if (clipper.clipped > 0)
    report.skipped.push({ what: 'Длинные тексты', why: `обрезаны до предела: ${clipper.clipped}` });
  if (copied) changes.memberList(userId).record('board.copied', { data: { ...copied, tasks: total } });
  else changes.memberList(userId).record('board.imported', { data: { format: source.format, tasks: total } });
  await touchLists(trx, { userIds: [userId] });
  return { boardId, boardName, report, invited };
}
