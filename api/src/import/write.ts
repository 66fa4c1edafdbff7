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
 */
import type { ImportReport, ImportStage } from 'contract/imports';
import { sql, type Transaction } from 'kysely';
import { touchLists } from '../board-change/access-repository.js';
import { personOf } from '../board-change/activity.js';
import type { BoardChanges } from '../board-change/changes.js';
import { firstRevisions } from '../boards/index.js';
import type { Database } from '../database.js';
import { findUserIdByEmail, inviteEmail, inviteUser } from '../invites/index.js';
import { LABEL_COLUMNS, labelFields, toLabel } from '../labels/index.js';
import { countTasks, type SourceBoard } from './source.js';

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

export async function writeBoard(
  trx: Trx,
  source: SourceBoard,
  { userId, name, invite, onStage }: WriteOptions,
  changes: BoardChanges,
): Promise<Written> {
  let clipped = 0;
  const clip = (text: string, max: number): string => {
    if (text.length <= max) return text;
    clipped += 1;
    return text.slice(0, max);
  };
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
  const report: ImportReport = {
    columns: ordered.filter((column) => !column.archived).length,
    tasks: total,
    archivedColumns: ordered.filter((column) => column.archived).length,
    archivedTasks: 0,
    labels: labelIds.size,
    checklists: 0,
    checklistItems: 0,
    comments: 0,
    dueDates: 0,
    invited: [],
    skipped: [...source.skipped],
  };
  const taskIds: number[] = [];
  let unknownAssignees = 0;
  onStage({ name: 'tasks', done: 0, total });
  for (const batch of chunks(placed)) {
    const rows = await trx
      .insertInto('tasks')
      .values(
        batch.map(({ task, columnId, position }, index) => ({
          board_id: boardId,
          column_id: columnId,
          position,
          number: taskIds.length + index + 1,
          title: clip(task.title.trim() || 'Без названия', LIMIT.title),
          description: clip(task.description, LIMIT.description),
          estimation: clip(task.estimation.trim(), LIMIT.estimation),
          priority: task.priority,
          created_by: userId,
          due_at: task.dueAt,
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
      const mine: number[] = [];
      for (const key of new Set(task.assignees)) {
        const email = emailOf.get(key);
        if (!email) unknownAssignees += 1;
        else if (userOf.get(key) === userId) mine.push(userId);
        else pending.push({ board_id: boardId, task_id: row.id, email });
      }
      for (const user of new Set(mine)) assignees.push({ task_id: row.id, user_id: user });
      if (task.archived) report.archivedTasks += 1;
      if (task.dueAt) report.dueDates += 1;
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
          assignees: [...new Set(mine)],
          labels: taskLabels.sort((a, b) => a - b),
          dueAt: task.dueAt?.toISOString() ?? null,
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
  await trx.updateTable('boards').set({ task_seq: taskIds.length }).where('id', '=', boardId).execute();

  // Checklists, then their items.
  const lists = placed.flatMap(({ task }, index) =>
    task.checklists.map((checklist, position) => ({ taskId: taskIds[index]!, position, checklist })),
  );
  const itemsTotal = lists.reduce((sum, { checklist }) => sum + checklist.items.length, 0);
  let itemsDone = 0;
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
      itemsDone += part.length;
      onStage({ name: 'checklists', done: itemsDone, total: itemsTotal });
    }
    report.checklists += batch.length;
  }
  report.checklistItems = itemsDone;

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
          const author = comment.author === null ? undefined : userOf.get(comment.author);
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
    report.comments += batch.length;
    onStage({ name: 'comments', done: report.comments, total: comments.length });
  }

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
  if (unknownAssignees > 0)
    report.skipped.push({
      what: 'Исполнители',
      why: `не сопоставлены с участниками: назначений — ${unknownAssignees}`,
    });
  if (clipped > 0) report.skipped.push({ what: 'Длинные тексты', why: `обрезаны до предела: ${clipped}` });
  changes.memberList(userId).record('board.imported', { data: { format: source.format, tasks: total } });
  await touchLists(trx, { userIds: [userId] });
  return { boardId, boardName, report, invited };
}
