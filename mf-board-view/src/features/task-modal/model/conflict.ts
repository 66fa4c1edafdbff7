import type { Conflict, TaskDetail } from 'contract';
import { sameValue } from 'contract/same-value';
import { ApiError } from 'shared-ui';
import { TASK_FIELDS, type TaskForm, toForm } from './task-form';

/** What a 409 of PUT /api/task/edit carries: the task as it is now and who changed which field. */
export interface SaveConflict {
  task: TaskDetail;
  conflicts: Conflict[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isConflict = (value: unknown): value is Conflict =>
  isRecord(value) && typeof value.field === 'string' && typeof value.name === 'string';

/** The body of a 409 when it is the API's conflict answer, else null. */
export function readConflict(body: unknown): SaveConflict | null {
  if (!isRecord(body) || !isRecord(body.task) || !Array.isArray(body.conflicts)) return null;
  if (typeof body.task.version !== 'number' || !body.conflicts.every(isConflict)) return null;
  return { task: body.task as TaskDetail, conflicts: body.conflicts };
}

/**
 * A 409 of the save, or false for any other failure. A 409 with only `{ message }` is a refusal, not a
 * conflict (a new column's strict limit: 'Колонка заполнена: лимит 4'), shown as the save's error.
 */
export const isConflictError = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  error.status === 409 &&
  !(isRecord(error.data) && Object.keys(error.data).length === 1 && typeof error.data.message === 'string');

/**
 * The conflicts as the API would name them, worked out from the current task when the 409's body is
 * not at hand: fields the form changed since `base` that the task also changed, to another value. The
 * authors are unknown then ('').
 */
export function conflictsAgainst(base: TaskForm, mine: TaskForm, task: TaskDetail): Conflict[] {
  const current = toForm(task);
  return TASK_FIELDS.filter(
    (field) =>
      !sameValue(mine[field], base[field]) &&
      !sameValue(current[field], base[field]) &&
      !sameValue(mine[field], current[field]),
  ).map((field) => ({ field, userId: null, name: '' }));
}
