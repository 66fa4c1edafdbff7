/**
 * The task form while others edit the same task: pure steps, no React.
 *
 * The save sends `version`, the version the form is based on; the API merges fields changed by only
 * one side and answers 409 for a field both sides changed to different values (api revisions/).
 *
 * - A newer detail (someone else's change) is followed field by field: a field the user has not
 *   touched takes the new value; a touched field keeps the user's value.
 * - The base version advances to the detail's version when that loses nothing: every field the detail
 *   changed was either taken or already equal to the user's value. The save then sends the touched
 *   fields as changes against the newer version, and the API merges them.
 * - When the detail changed a touched field to something else, the base version is held where it was
 *   (`held`). The save then still counts as based on the older version, so the API sees that field
 *   changed on both sides and answers 409 with who changed it; the untouched fields taken meanwhile
 *   are sent as the new values, equal to the server's, which the API does not count as conflicts.
 *   We hold rather than show the conflict at once because only the 409 names its author.
 * - A 409 rebases the form on the answer's task: untouched fields take its values, and each touched
 *   field that differs gets a choice, 'mine' (the default, what the form shows) or 'theirs'.
 * - A save that went through makes the saved task the base; a field edited again while the save was
 *   under way stays touched with the newer value, for the next save (`markSaved`).
 * - Unsaved edits are kept as a `StoredDraft` (the touched fields and the version they were made
 *   on) and put back over the task when it is opened again (`restoreDraft`), then saved as an edit
 *   from that version, so the API merges them with what others changed meanwhile.
 */
import type { Conflict, Task, TaskDetail } from 'contract';
import { sameValue } from 'contract/same-value';
import { isTaskField, TASK_FIELDS, type TaskField, type TaskForm, toForm } from './task-form';

export type Choice = 'mine' | 'theirs';

export interface FieldConflict {
  field: TaskField;
  /** Who changed it ('' when the API does not know). */
  name: string;
  mine: TaskForm[TaskField];
  theirs: TaskForm[TaskField];
  choice: Choice;
}

export interface Draft {
  /** The version the save sends, and the task's fields as of that version. */
  version: number;
  base: TaskForm;
  /** The newest detail's version and values: a later detail that differs is someone else's change. */
  knownVersion: number;
  known: TaskForm;
  form: TaskForm;
  /** Fields the user has edited: never overwritten by others' changes. */
  touched: readonly TaskField[];
  /** A touched field changed remotely: `version` stays put so the save conflicts on it. */
  held: boolean;
  /** The fields of the last 409 that need a choice. */
  conflicts: readonly FieldConflict[];
}

export function startDraft(detail: TaskDetail): Draft {
  const form = toForm(detail);
  return {
    version: detail.version,
    base: form,
    knownVersion: detail.version,
    known: form,
    form,
    touched: [],
    held: false,
    conflicts: [],
  };
}

/** What is kept of a draft with unsaved edits: the version they were made on and their values. */
export interface StoredDraft {
  version: number;
  fields: Partial<TaskForm>;
}

/** The draft's unsaved edits, or null when there are none. */
export function unsavedEdits(draft: Draft): StoredDraft | null {
  if (draft.touched.length === 0) return null;
  const fields: Partial<TaskForm> = {};
  for (const field of draft.touched) Object.assign(fields, { [field]: draft.form[field] });
  return { version: draft.version, fields };
}

/** The task as opened, with the kept edits that still differ from it put back as the user's. */
export function restoreDraft(detail: TaskDetail, stored: StoredDraft): Draft {
  let draft = startDraft(detail);
  for (const field of TASK_FIELDS) {
    if (!(field in stored.fields) || sameValue(stored.fields[field], draft.form[field])) continue;
    draft = editField(draft, field, stored.fields[field] as TaskForm[typeof field]);
  }
  if (draft.touched.length === 0) return draft;
  return { ...draft, version: Math.min(stored.version, detail.version) };
}

/**
 * The save of `sent` (the form as it was sent) answered `task`: the form is now based on it; fields
 * edited since the save was sent keep the newer value and stay touched.
 */
export function markSaved(draft: Draft, sent: TaskForm, task: Task): Draft {
  // The answer is the board's card, without the description: the one sent is the one written.
  const saved = toForm({ ...task, description: sent.description });
  // A detail newer than the save (someone else's change after it) is already followed.
  const newer = draft.knownVersion > task.version;
  const known = newer ? draft.known : saved;
  const touched = draft.touched.filter((field) => !sameValue(draft.form[field], sent[field]));
  const form = { ...known };
  for (const field of touched) Object.assign(form, { [field]: draft.form[field] });
  return {
    version: newer ? draft.knownVersion : task.version,
    base: known,
    knownVersion: newer ? draft.knownVersion : task.version,
    known,
    form,
    touched,
    held: false,
    conflicts: [],
  };
}

/** Takes someone else's newer detail into the fields the user has not touched. */
export function followDetail(draft: Draft, detail: TaskDetail): Draft {
  if (detail.version <= draft.knownVersion) return draft;
  const next = toForm(detail);
  const form = { ...draft.form };
  let held = draft.held;
  for (const field of TASK_FIELDS) {
    if (sameValue(next[field], draft.known[field])) continue;
    if (!draft.touched.includes(field)) Object.assign(form, { [field]: next[field] });
    else if (!sameValue(draft.form[field], next[field])) held = true;
  }
  return {
    ...draft,
    version: held ? draft.version : detail.version,
    base: held ? draft.base : next,
    knownVersion: detail.version,
    known: next,
    form,
    held,
  };
}

/** The user edits a field; editing a conflicting field makes the edit the user's choice. */
export function editField<K extends TaskField>(draft: Draft, field: K, value: TaskForm[K]): Draft {
  return {
    ...draft,
    form: { ...draft.form, [field]: value },
    touched: draft.touched.includes(field) ? draft.touched : [...draft.touched, field],
    conflicts: draft.conflicts.map((conflict) =>
      conflict.field === field ? { ...conflict, mine: value, choice: 'mine' } : conflict,
    ),
  };
}

/**
 * A 409: the form is now based on the current task. Its conflicts on fields the user did not touch
 * (they changed again after the form followed them) are simply taken.
 */
export function rebaseOnConflict(draft: Draft, task: TaskDetail, conflicts: readonly Conflict[]): Draft {
  const theirs = toForm(task);
  const form = { ...draft.form };
  for (const field of TASK_FIELDS) {
    if (!draft.touched.includes(field)) Object.assign(form, { [field]: theirs[field] });
  }
  const open: FieldConflict[] = [];
  for (const { field, name } of conflicts) {
    if (!isTaskField(field) || !draft.touched.includes(field)) continue;
    if (sameValue(form[field], theirs[field]) || open.some((item) => item.field === field)) continue;
    open.push({ field, name, mine: form[field], theirs: theirs[field], choice: 'mine' });
  }
  return {
    ...draft,
    version: task.version,
    base: theirs,
    knownVersion: Math.max(task.version, draft.knownVersion),
    known: theirs,
    form,
    held: false,
    conflicts: open,
  };
}

/** Keeps the user's value of a conflicting field or takes theirs. */
export function chooseValue(draft: Draft, field: TaskField, choice: Choice): Draft {
  const conflict = draft.conflicts.find((item) => item.field === field);
  if (!conflict) return draft;
  return {
    ...draft,
    form: { ...draft.form, [field]: choice === 'mine' ? conflict.mine : conflict.theirs },
    conflicts: draft.conflicts.map((item) => (item === conflict ? { ...item, choice } : item)),
  };
}
