import { Checkbox, TextField } from 'shared-ui';
import { FIELD_LABELS } from '../model/task-form';

export interface DueFieldProps {
  /** 'YYYY-MM-DD', 'YYYY-MM-DDTHH:mm' or '' (task-form.ts). */
  value: string;
  done: boolean;
  error?: string | undefined;
  onChange: (value: string) => void;
  onDoneChange: (done: boolean) => void;
  /** The id of the note saying why the role cannot change it: then shown disabled, without 'Убрать срок'. */
  lockedBy?: string | undefined;
}

/**
 * 'Срок': a day and an optional time in the viewer's zone (native pickers, typed or picked by
 * keyboard), the 'Выполнено' tick and 'Убрать срок'. The time waits for a day; without one the task
 * is due by the end of the day.
 */
export function DueField({ value, done, error, onChange, onDoneChange, lockedBy }: DueFieldProps) {
  const date = value.slice(0, 10);
  const time = value.slice(11, 16);
  const locked = lockedBy !== undefined;
  return (
    <div className="bv-due">
      <TextField
        label={FIELD_LABELS.dueAt}
        name="dueAt"
        type="date"
        min="2000-01-01"
        max="9999-12-31"
        value={date}
        disabled={locked}
        aria-describedby={lockedBy}
        error={error}
        onChange={(event) => {
          const day = event.target.value;
          onChange(day && time ? `${day}T${time}` : day);
        }}
      />
      <TextField
        label="Время"
        name="dueTime"
        type="time"
        hint="Необязательно"
        value={time}
        disabled={locked || !date}
        aria-describedby={lockedBy}
        onChange={(event) => onChange(event.target.value ? `${date}T${event.target.value}` : date)}
      />
      <div className="bv-due__actions">
        <Checkbox
          label={FIELD_LABELS.dueDone}
          name="dueDone"
          checked={done}
          disabled={locked || (!date && !done)}
          aria-describedby={lockedBy}
          onChange={(event) => onDoneChange(event.target.checked)}
        />
        {date && !locked && (
          <button
            type="button"
            className="bv-ghost-button bv-due__clear"
            onClick={() => {
              onChange('');
              if (done) onDoneChange(false);
            }}
          >
            Убрать срок
          </button>
        )}
      </div>
    </div>
  );
}
