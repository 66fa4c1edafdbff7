/**
 * What every import format reads into: one board as its source holds it, before anything is written.
 * The readers (trello.ts, csv.ts, kanban.ts) fill it; write.ts writes it in one transaction. Keys are
 * the source's own ids, only tying its parts together.
 */
import type { BoardSettings } from 'contract/boards';
import type { ImportFormat, Skipped, SourceMember } from 'contract/imports';
import type { PriorityValue } from 'contract/tasks';

export interface SourceComment {
  /** The source member who wrote it (a key of `members`), or null when unknown. */
  author: string | null;
  authorName: string;
  text: string;
  createdAt: Date;
}

export interface SourceChecklist {
  title: string;
  items: { text: string; done: boolean }[];
}

export interface SourceTask {
  title: string;
  description: string;
  estimation: string;
  priority: PriorityValue | null;
  dueAt: Date | null;
  startAt: Date | null;
  dueDone: boolean;
  /** Archived on its own (the tasks of an archived column are not). */
  archived: boolean;
  /** Keys of `labels`. */
  labels: string[];
  /** Keys of `members`. */
  assignees: string[];
  checklists: SourceChecklist[];
  /** Oldest first. */
  comments: SourceComment[];
}

export interface SourceColumn {
  name: string;
  archived: boolean;
  /** The column's limit of cards (our own exports only). */
  wipLimit?: number | null;
  wipStrict?: boolean;
  /** In the column's order. */
  tasks: SourceTask[];
}

export interface SourceBoard {
  format: ImportFormat;
  name: string;
  settings: Partial<Omit<BoardSettings, 'name'>>;
  members: SourceMember[];
  labels: { key: string; title: string; color: string }[];
  /** The board's order; archived columns anywhere (they go after the open ones). */
  columns: SourceColumn[];
  /** What the source holds that the board has no place for. */
  skipped: Skipped[];
}

/** A file that is not what its format expects, or ends too soon: the import fails, nothing is written. */
export class BrokenSource extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'BrokenSource';
  }
}

export const emptyTask = (title: string): SourceTask => ({
  title,
  description: '',
  estimation: '',
  priority: null,
  dueAt: null,
  startAt: null,
  dueDone: false,
  archived: false,
  labels: [],
  assignees: [],
  checklists: [],
  comments: [],
});

export const countTasks = (board: SourceBoard): number =>
  board.columns.reduce((sum, column) => sum + column.tasks.length, 0);

/** A card as a copy takes it: checklists unticked, comments and assignees only when kept. */
export const copiedTask = (
  task: SourceTask,
  keep: { assignees: boolean; comments: boolean },
): SourceTask => ({
  ...task,
  assignees: keep.assignees ? task.assignees : [],
  comments: keep.comments ? task.comments : [],
  checklists: task.checklists.map((checklist) => ({
    title: checklist.title,
    items: checklist.items.map((item) => ({ text: item.text, done: false })),
  })),
});

/**
 * A board as a copy or a template takes it: no members, assignees or comments, checklists unticked,
 * nothing of the archive, nothing skipped to report.
 */
export const copiedBoard = (board: SourceBoard): SourceBoard => ({
  ...board,
  members: [],
  columns: board.columns
    .filter((column) => !column.archived)
    .map((column) => ({
      ...column,
      tasks: column.tasks
        .filter((task) => !task.archived)
        .map((task) => copiedTask(task, { assignees: false, comments: false })),
    })),
  skipped: [],
});
