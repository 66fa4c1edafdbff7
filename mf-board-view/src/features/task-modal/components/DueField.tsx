import { Checkbox, TextField } from 'shared-ui';
import { FIELD_LABELS } from '../model/task-form';

const TEXTS = {
  startAt: { time: 'Время начала', timeName: 'startTime', clear: 'Убрать начало' },
  dueAt: { time: 'Время', timeName: 'dueTime', clear: 'Убрать срок' },
} as const;

export interface DueFieldProps {
  /** 'Начало' (startAt) or 'Срок' (dueAt): the same day-and-time field. */
  field: 'startAt' | 'dueAt';
  /** 'YYYY-MM-DD', 'YYYY-MM-DDTHH:mm' or '' (task-form.ts). */
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
  /** The due date's 'Выполнено' tick; the start has none. */
  done?: { checked: boolean; onChange: (done: boolean) => void } | undefined;
  /** The other end of the range ('YYYY-MM-DD'), which the picker offers days up to or from. */
  bound?: string | undefined;
  /** The id of the note saying why the role cannot change it: then shown disabled, without 'Убрать …'. */
  lockedBy?: string | undefined;
}

/**
 * 'Начало' or 'Срок': a day and an optional time in the viewer's zone (native pickers, typed or picked
 * by keyboard), for the due date the 'Выполнено' tick, and 'Убрать начало' / 'Убрать срок'. The time
 * waits for a day; without one the day counts to its end (shared/due.ts).
 */
export function DueField({ field, value, error, onChange, done, bound, lockedBy }: DueFieldProps) {
  const date = value.slice(0, 10);
  const time = value.slice(11, 16);
  const locked = lockedBy !== undefined;
  const texts = TEXTS[field];
  const limits =
    field === 'startAt'
      ? { min: '2000-01-01', max: bound || '9999-12-31' }
      : { min: bound || '2000-01-01', max: '9999-12-31' };
  return (
    <div className="bv-due">
      <TextField
        label={FIELD_LABELS[field]}
        name={field}
        type="date"
        {...limits}
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
        label={texts.time}
        name={texts.timeName}
        type="time"
        hint="Необязательно"
        value={time}
        disabled={locked || !date}
        aria-describedby={lockedBy}
        onChange={(event) => onChange(event.target.value ? `${date}T${event.target.value}` : date)}
      />
      <div className="bv-due__actions">
        {done && (
          <Checkbox
            label={FIELD_LABELS.dueDone}
            name="dueDone"
            checked={done.checked}
            disabled={locked || (!date && !done.checked)}
            aria-describedby={lockedBy}
            onChange={(event) => done.onChange(event.target.checked)}
          />
        )}
        {date && !locked && (
          <button
            type="button"
            className="bv-ghost-button bv-due__clear"
            onClick={() => {
              onChange('');
              if (done?.checked) done.onChange(false);
            }}
          >
            {texts.clear}
          </button>
        )}
      </div>
    </div>
  );
}
