import type { Board } from 'contract';
import { type FieldErrors, Select, TextArea, TextField } from 'shared-ui';
import { MultiSelect } from 'shared-ui/widgets';
import { activeMembers, memberLabel } from '../../../shared/members';
import { FIELD_LABELS, type TaskField, type TaskForm } from '../model/task-form';
import { DueField } from './DueField';

export interface TaskFieldsProps {
  board: Board;
  form: TaskForm;
  errors: FieldErrors;
  onChange: <K extends TaskField>(field: K, value: TaskForm[K]) => void;
  /** A text field was left: what it holds is saved now. */
  onLeave: () => void;
  /**
   * The id of the note saying why the role cannot edit the task: the fields then show their values
   * read-only (texts) or disabled (choices), each described by that note. Undefined when it can.
   */
  lockedBy?: string | undefined;
}

/**
 * The task's editable fields, labelled as FIELD_LABELS names them (the conflict texts use the same).
 * Locked for a role that only reads: the values stay, as information, but cannot be changed.
 */
export function TaskFields({ board, form, errors, onChange, onLeave, lockedBy }: TaskFieldsProps) {
  const locked = lockedBy !== undefined;
  const lock = { 'aria-describedby': lockedBy };
  const members = activeMembers(board);
  // Someone assigned earlier who has left stays selectable to be removed, named as before.
  const assigneeOptions = [
    ...members,
    ...board.members.filter(
      (member) => !members.includes(member) && form.assignees.includes(String(member.id)),
    ),
  ].map((member) => ({
    value: String(member.id),
    label: memberLabel(member),
    disabled: !members.includes(member) && !form.assignees.includes(String(member.id)),
  }));

  return (
    <>
      <TextField
        label={FIELD_LABELS.title}
        name="title"
        value={form.title}
        maxLength={500}
        readOnly={locked}
        {...lock}
        error={errors.title}
        onChange={(event) => onChange('title', event.target.value)}
        onBlur={onLeave}
      />
      <TextArea
        label={FIELD_LABELS.description}
        name="description"
        rows={8}
        maxLength={20000}
        readOnly={locked}
        {...lock}
        value={form.description}
        error={errors.description}
        placeholder={locked ? undefined : 'Добавьте подробности, ссылки, критерии готовности…'}
        onChange={(event) => onChange('description', event.target.value)}
        onBlur={onLeave}
      />
      <div className="bv-task__grid">
        <Select
          label={FIELD_LABELS.columnId}
          name="columnId"
          value={form.columnId}
          disabled={locked}
          {...lock}
          error={errors.columnId}
          options={board.columnOrder.map((id) => ({ value: id, label: board.columns[id]?.name ?? id }))}
          onChange={(event) => onChange('columnId', event.target.value)}
        />
        <Select
          label={FIELD_LABELS.priority}
          name="priority"
          value={form.priority}
          disabled={locked}
          {...lock}
          error={errors.priority}
          options={[
            { value: '', label: 'Не задан' },
            ...board.priorities.map((item) => ({ value: item.value, label: item.label })),
          ]}
          onChange={(event) => onChange('priority', event.target.value)}
        />
        <TextField
          label={FIELD_LABELS.estimation}
          name="estimation"
          inputMode="decimal"
          maxLength={8}
          placeholder={locked ? undefined : 'Например, 3'}
          value={form.estimation}
          readOnly={locked}
          {...lock}
          error={errors.estimation}
          onChange={(event) => onChange('estimation', event.target.value)}
          onBlur={onLeave}
        />
      </div>
      <DueField
        field="startAt"
        value={form.startAt}
        bound={form.dueAt.slice(0, 10)}
        lockedBy={lockedBy}
        error={errors.startAt}
        onChange={(value) => onChange('startAt', value)}
      />
      <DueField
        field="dueAt"
        value={form.dueAt}
        bound={form.startAt.slice(0, 10)}
        done={{ checked: form.dueDone, onChange: (done) => onChange('dueDone', done) }}
        lockedBy={lockedBy}
        error={errors.dueAt ?? errors.dueDone}
        onChange={(value) => onChange('dueAt', value)}
      />
      <MultiSelect
        label={FIELD_LABELS.labels}
        name="labels"
        value={form.labels}
        disabled={locked}
        {...lock}
        error={errors.labels}
        emptyText="На доске пока нет меток"
        options={board.labels.map((label) => ({
          value: String(label.id),
          label: label.title,
          color: label.color,
        }))}
        onChange={(value) => onChange('labels', value)}
      />
      <MultiSelect
        label={FIELD_LABELS.assignees}
        name="assignees"
        value={form.assignees}
        disabled={locked}
        {...lock}
        error={errors.assignees}
        options={assigneeOptions}
        onChange={(value) => onChange('assignees', value)}
      />
    </>
  );
}
