/**
 * This service's own board export (contract/export.ts, format 'kanban-board' version 1) read into a
 * SourceBoard, so a board moves between two installations: settings, columns and tasks in order, the
 * archive, labels, checklists, comments with their authors; members are offered for mapping with their
 * e-mails. The files' bytes are not in the JSON (a ZIP export's are not read back): they are listed as
 * skipped. Copies and templates (copy/, templates/) read a board the same way, from its export document.
 */
import { BoardExport, type ExportedTask } from 'contract/export';
import { Value } from 'typebox/value';
import { BrokenSource, type SourceBoard, type SourceColumn, type SourceTask } from './source.js';

/** The sign that a JSON document is our export: its first key. */
export const KANBAN_SIGN = /^\s*\{\s*"format"\s*:\s*"kanban-board"/;

export function readKanban(bytes: Buffer): SourceBoard {
  let document: unknown;
  try {
    document = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new BrokenSource((err as Error).message);
  }
  return readKanbanDocument(document);
}

/** A parsed document that must be an export, version 1 (else BrokenSource). */
export function readKanbanDocument(document: unknown): SourceBoard {
  if (!Value.Check(BoardExport, document)) throw new BrokenSource('not a kanban-board export, version 1');
  return sourceOfExport(document);
}

/** An exported task as a source task: members and labels keyed by their ids in the document. */
export function sourceTask(
  task: ExportedTask,
  authorName: (userId: number) => string = () => '',
): SourceTask {
  return {
    title: task.title,
    description: task.description,
    estimation: task.estimation,
    priority: task.priority,
    dueAt: task.dueAt === null ? null : new Date(task.dueAt),
    startAt: task.startAt ? new Date(task.startAt) : null,
    dueDone: task.dueDone,
    archived: task.archived,
    labels: task.labels.map(String),
    assignees: task.assignees.map(String),
    checklists: task.checklists.map((checklist) => ({
      title: checklist.title,
      items: checklist.items.map(({ text, done }) => ({ text, done })),
    })),
    comments: task.comments.map((comment) => ({
      author: String(comment.userId),
      authorName: comment.author || authorName(comment.userId),
      text: comment.text,
      createdAt: new Date(comment.createdAt),
    })),
  };
}

/** An export document (checked, or made by this API) as a SourceBoard. */
export function sourceOfExport(document: BoardExport): SourceBoard {
  const { board, members, labels, columns, tasks } = document;
  const authorNames = new Map(members.map((member) => [member.id, member.name]));
  const byId = new Map(tasks.map((task) => [task.id, task]));
  let files = 0;
  const toTask = (task: ExportedTask): SourceTask => {
    files += task.files.length;
    return sourceTask(task, (userId) => authorNames.get(userId) ?? '');
  };
  const placed = new Set<string>();
  const sourceColumns: SourceColumn[] = columns.map((column) => {
    const own = column.taskIds.flatMap((id) => {
      const task = byId.get(id);
      if (!task) return [];
      placed.add(id);
      return [task];
    });
    // Tasks archived on their own are listed in `tasks` only: they go back to their column's end.
    const archived = tasks.filter(
      (task) => task.columnId === column.id && !placed.has(task.id) && task.archived,
    );
    for (const task of archived) placed.add(task.id);
    return {
      name: column.name,
      archived: column.archived,
      wipLimit: column.wipLimit ?? null,
      wipStrict: column.wipStrict ?? false,
      tasks: [...own, ...archived].map(toTask),
    };
  });
  const skipped: SourceBoard['skipped'] = [];
  if (files > 0) skipped.push({ what: 'Файлы', why: `в JSON только их имена: ${files}` });
  const lost = tasks.length - placed.size;
  if (lost > 0) skipped.push({ what: 'Задачи без колонки', why: `их колонка не найдена в файле: ${lost}` });
  return {
    format: 'kanban',
    name: board.name,
    settings: {
      color: board.color,
      showIdsMode: board.showIdsMode,
      showTotalColumnEstimation: board.showTotalColumnEstimation,
    },
    members: members
      .filter(
        (member) => member.state !== 'removed' || tasks.some((task) => task.assignees.includes(member.id)),
      )
      .map((member) => ({ id: String(member.id), name: member.name, email: member.email || null })),
    labels: labels.map((label) => ({ key: String(label.id), title: label.title, color: label.color })),
    columns: sourceColumns,
    skipped,
  };
}
