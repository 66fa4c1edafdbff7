import type { PriorityValue, TaskDetail } from 'api/contract';

/** The editable fields of a task as the form holds them (select and chip values are strings). */
export interface TaskForm {
  title: string;
  description: string;
  columnId: string;
  labels: string[];
  priority: string;
  assignees: string[];
  estimation: string;
}

export type TaskField = keyof TaskForm;

/** The fields' names as the modal labels them, in the form's order; the keys are the API's names. */
export const FIELD_LABELS: Record<TaskField, string> = {
  title: 'Название',
  description: 'Описание',
  columnId: 'Колонка',
  priority: 'Приоритет',
  estimation: 'Оценка',
  labels: 'Метки',
  assignees: 'Исполнители',
};

export const TASK_FIELDS = Object.keys(FIELD_LABELS) as TaskField[];

export const isTaskField = (field: string): field is TaskField => field in FIELD_LABELS;

export const toForm = (task: TaskDetail): TaskForm => ({
  title: task.title,
  description: task.description,
  columnId: task.columnId,
  labels: task.labels.map(String),
  priority: task.priority ?? '',
  assignees: task.assignees.map(String),
  estimation: task.estimation,
});

/** Equal values; the lists are sets (as the API compares them), so their order does not count. */
export function sameValue(a: TaskForm[TaskField], b: TaskForm[TaskField]): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    const right = [...b].sort();
    return [...a].sort().every((value, index) => value === right[index]);
  }
  return a === b;
}

/** The form as PUT /api/task/edit takes it (without the ids and version). */
export const fromForm = (form: TaskForm) => ({
  title: form.title,
  description: form.description,
  columnId: form.columnId,
  estimation: form.estimation,
  priority: (form.priority || null) as PriorityValue | null,
  assignees: form.assignees.map(Number),
  labels: form.labels.map(Number),
});
