import type { PriorityValue, Task } from 'contract';
import { fromLocalDue, toLocalDue } from '../../../shared/due';

/** The editable fields of a task as the form holds them (select and chip values are strings). */
export interface TaskForm {
  title: string;
  description: string;
  columnId: string;
  labels: string[];
  priority: string;
  assignees: string[];
  estimation: string;
  /** The start day and optional time, as `dueAt`: the range's start, or ''. */
  startAt: string;
  /** The due day and optional time in the viewer's zone ('YYYY-MM-DD[THH:mm]', shared/due.ts), or ''. */
  dueAt: string;
  dueDone: boolean;
}

export type TaskField = keyof TaskForm;

/** The fields' names as the modal labels them, in the form's order; the keys are the API's names. */
export const FIELD_LABELS: Record<TaskField, string> = {
  title: 'Название',
  description: 'Описание',
  columnId: 'Колонка',
  priority: 'Приоритет',
  estimation: 'Оценка',
  startAt: 'Начало',
  dueAt: 'Срок',
  dueDone: 'Выполнено',
  labels: 'Метки',
  assignees: 'Исполнители',
};

export const TASK_FIELDS = Object.keys(FIELD_LABELS) as TaskField[];

/** What the history names a task's changes by: the form's fields, and the cover (a file's name). */
export const HISTORY_FIELD_LABELS: Record<string, string> = { ...FIELD_LABELS, cover: 'Обложка' };

export const isTaskField = (field: string): field is TaskField => field in FIELD_LABELS;

export const toForm = (task: Task & { description: string }): TaskForm => ({
  title: task.title,
  description: task.description,
  columnId: task.columnId,
  labels: task.labels.map(String),
  priority: task.priority ?? '',
  assignees: task.assignees.map(String),
  estimation: task.estimation,
  startAt: toLocalDue(task.startAt),
  dueAt: toLocalDue(task.dueAt),
  dueDone: task.dueDone,
});

/**
 * The form as PUT /api/task/edit takes it (without the ids and version). The start, the due date and
 * its tick go only when they differ from `base`, the task the save is based on: omitted means unchanged, so a
 * due instant the form cannot show exactly (seconds set through the API) is not rewritten.
 */
export const fromForm = (form: TaskForm, base: TaskForm) => ({
  title: form.title,
  description: form.description,
  columnId: form.columnId,
  estimation: form.estimation,
  priority: (form.priority || null) as PriorityValue | null,
  assignees: form.assignees.map(Number),
  labels: form.labels.map(Number),
  ...(form.startAt !== base.startAt && { startAt: fromLocalDue(form.startAt) }),
  ...(form.dueAt !== base.dueAt && { dueAt: fromLocalDue(form.dueAt) }),
  ...(form.dueDone !== base.dueDone && { dueDone: form.dueDone }),
});
