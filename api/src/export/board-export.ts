/**
 * A board as its export writes it (contract/src/export.ts): the JSON document in pieces, so that a
 * board of thousands of cards streams out in batches instead of being built in memory, and one row per
 * task for the CSV. Run inside one repeatable-read transaction, every batch sees the same moment.
 */
import {
  type BoardExport,
  CSV_HEADERS,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type ExportedTask,
} from 'contract/export';
import { PRIORITIES } from 'contract/tasks';
import type { Kysely } from 'kysely';
import { findBoardSettings } from '../boards/index.js';
import { allColumns } from '../columns/index.js';
import { commentsOfTasks } from '../comments/index.js';
import type { Database } from '../database.js';
import { filesOfTasks } from '../files/index.js';
import { boardLabels } from '../labels/index.js';
import { loadMembers } from '../members/index.js';
import { archivedTaskIds, checklistsOfTasks, tasksForExport } from '../tasks/index.js';

type Db = Kysely<Database>;

/** Tasks read and written per batch. */
const BATCH = 500;

/** The board to export and its creator (whom the members' roles name). */
export interface ExportOf {
  boardId: number;
  createdBy: number;
  /** In a ZIP: each file's path in the archive (absent: the file is not in it). */
  filePath?: (fileId: number) => string | undefined;
}

/** Everything but the tasks, and the task ids in the order they are written. */
async function head(db: Db, { boardId, createdBy }: ExportOf, exportedAt: Date) {
  const [settings, members, labels, columns, archived] = await Promise.all([
    findBoardSettings(db, boardId),
    loadMembers(db, boardId),
    boardLabels(db, boardId),
    allColumns(db, boardId),
    archivedTaskIds(db, boardId),
  ]);
  if (!settings) throw new Error(`board ${boardId} is gone`);
  const document: Omit<BoardExport, 'tasks'> = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: exportedAt.toISOString(),
    board: settings,
    members: members.map((member) => ({
      id: member.id,
      name: member.name,
      email: member.email,
      role: member.id === createdBy ? 'creator' : 'member',
      state: !member.accepted ? 'invited' : member.isDeleted ? 'removed' : 'member',
    })),
    labels: labels.map(({ id, title, color, isMainColor }) => ({ id, title, color, isMainColor })),
    columns: columns.map((column) => ({
      id: String(column.id),
      name: column.name,
      archived: column.archived,
      wipLimit: column.wipLimit,
      wipStrict: column.wipStrict,
      taskIds: column.taskIds.map(String),
    })),
  };
  const order = [...columns.flatMap((column) => column.taskIds), ...archived];
  const names = new Map(members.map((member) => [member.id, member.name || member.email]));
  return { document, order, names, columns, labels };
}

/** What a batch reads besides the tasks and their checklists (a copy needs no files). */
interface Parts {
  comments: boolean;
  files: boolean;
}
const WHOLE: Parts = { comments: true, files: true };

/** The tasks of `ids`, whole (or without the parts left out), in that order. */
async function taskBatch(
  db: Db,
  { boardId, filePath }: ExportOf,
  ids: number[],
  names: Map<number, string>,
  parts: Parts = WHOLE,
) {
  const [tasks, checklists, comments, files] = await Promise.all([
    tasksForExport(db, boardId, ids),
    checklistsOfTasks(db, ids),
    parts.comments ? commentsOfTasks(db, ids) : new Map<number, never[]>(),
    parts.files ? filesOfTasks(db, ids) : new Map<number, never[]>(),
  ]);
  return ids.flatMap((id): ExportedTask[] => {
    const task = tasks.get(id);
    if (!task) return [];
    return [
      {
        id: task.id,
        number: task.number,
        columnId: task.columnId,
        title: task.title,
        description: task.description,
        estimation: task.estimation,
        priority: task.priority,
        assignees: task.assignees,
        labels: task.labels,
        dueAt: task.dueAt,
        startAt: task.startAt,
        dueDone: task.dueDone,
        archived: task.archived,
        createdAt: task.createdAt,
        createdBy: task.createdBy,
        checklists: (checklists.get(id) ?? []).map((list) => ({
          title: list.title,
          items: list.items.map(({ text, done, assigneeId }) => ({ text, done, assigneeId })),
        })),
        comments: (comments.get(id) ?? []).map((comment) => ({
          userId: comment.userId,
          author: comment.authorName ?? names.get(comment.userId) ?? 'Удалённый пользователь',
          text: comment.text,
          createdAt: comment.createdAt,
        })),
        files: (files.get(id) ?? []).map((file) => {
          const path = filePath?.(file.id);
          return { name: file.name, type: file.type, size: file.size, ...(path && { path }) };
        }),
      },
    ];
  });
}

/** The tasks in batches, in the export's order. */
async function* batches(db: Db, board: ExportOf, order: number[], names: Map<number, string>) {
  for (let start = 0; start < order.length; start += BATCH)
    yield await taskBatch(db, board, order.slice(start, start + BATCH), names);
}

/** The board's JSON export, piece by piece: the head, then the tasks a batch at a time. */
export async function* boardJson(db: Db, board: ExportOf, exportedAt = new Date()): AsyncGenerator<string> {
  const { document, order, names } = await head(db, board, exportedAt);
  yield `${JSON.stringify(document).slice(0, -1)},"tasks":[`;
  let first = true;
  for await (const tasks of batches(db, board, order, names)) {
    for (const task of tasks) {
      yield `${first ? '' : ','}${JSON.stringify(task)}`;
      first = false;
    }
  }
  yield ']}';
}

/**
 * The board as one export document, as a copy or a template reads it: with or without its cards
 * (and their comments), never their files; without the archive (archived columns and tasks) unless
 * asked. Read in the caller's transaction.
 */
export async function boardDocument(
  db: Db,
  board: ExportOf,
  parts: { tasks: boolean; comments: boolean; archive: boolean },
): Promise<BoardExport> {
  const { document, order, names, columns } = await head(db, board, new Date());
  const open = new Set(columns.filter((column) => !column.archived).flatMap((column) => column.taskIds));
  const wanted = !parts.tasks ? [] : parts.archive ? order : order.filter((id) => open.has(id));
  const tasks: ExportedTask[] = [];
  for (let start = 0; start < wanted.length; start += BATCH) {
    const ids = wanted.slice(start, start + BATCH);
    tasks.push(...(await taskBatch(db, board, ids, names, { comments: parts.comments, files: false })));
  }
  return {
    ...document,
    columns: parts.archive ? document.columns : document.columns.filter((column) => !column.archived),
    tasks,
  };
}

/** Tasks of the board as its export writes them, in the order of `ids`, without their files. */
export async function exportedTasks(
  db: Db,
  boardId: number,
  ids: number[],
  { comments }: { comments: boolean },
): Promise<ExportedTask[]> {
  const members = comments ? await loadMembers(db, boardId) : [];
  const names = new Map(members.map((member) => [member.id, member.name || member.email]));
  return taskBatch(db, { boardId, createdBy: 0 }, ids, names, { comments, files: false });
}

/** 'ДД.ММ.ГГГГ ЧЧ:ММ' in the zone, as the import reads it. */
function dueText(at: string | null, timeZone: string): string {
  if (!at) return '';
  const parts = new Intl.DateTimeFormat('ru-RU', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('day')}.${part('month')}.${part('year')} ${part('hour')}:${part('minute')}`;
}

/** The board's CSV rows (CSV_HEADERS' columns), a task each, in the export's order. */
export async function* boardCsvRows(db: Db, board: ExportOf, timeZone: string): AsyncGenerator<string[]> {
  const { document, order, names, columns, labels } = await head(db, board, new Date());
  const columnNames = new Map(columns.map((column) => [String(column.id), column.name]));
  const labelTitles = new Map(labels.map((label) => [label.id, label.title]));
  const emails = new Map(document.members.map((member) => [member.id, member.email]));
  const priorities = new Map<string, string>(PRIORITIES.map((priority) => [priority.value, priority.label]));
  yield [...CSV_HEADERS];
  for await (const tasks of batches(db, board, order, names)) {
    for (const task of tasks) {
      yield [
        String(task.number),
        task.title,
        task.description,
        columnNames.get(task.columnId) ?? '',
        task.labels
          .map((id) => labelTitles.get(id) ?? '')
          .filter(Boolean)
          .join(', '),
        dueText(task.dueAt, timeZone),
        task.dueDone ? 'да' : '',
        task.priority ? (priorities.get(task.priority) ?? '') : '',
        task.estimation,
        task.assignees
          .map((id) => emails.get(id) ?? '')
          .filter(Boolean)
          .join(', '),
        task.archived || columns.find((column) => String(column.id) === task.columnId)?.archived ? 'да' : '',
      ];
    }
  }
}
