import type { Board } from 'contract';
import { type Ref, useId } from 'react';
import type { Choice, FieldConflict } from '../model/draft';
import { conflictTitle, valueText } from '../model/field-text';
import type { TaskField } from '../model/task-form';

export interface ConflictPanelProps {
  conflicts: readonly FieldConflict[];
  board: Board;
  onChoose: (field: TaskField, choice: Choice) => void;
  /** The panel takes the focus when a save answers with conflicts. */
  ref?: Ref<HTMLElement>;
}

const CHOICES: { value: Choice; label: string }[] = [
  { value: 'mine', label: 'Оставить моё' },
  { value: 'theirs', label: 'Взять их' },
];

/**
 * The fields a save could not write because someone else changed them meanwhile: for each, who did
 * and a radio group to keep the user's value or take theirs (the form shows the chosen one).
 */
export function ConflictPanel({ conflicts, board, onChoose, ref }: ConflictPanelProps) {
  const id = useId();
  if (conflicts.length === 0) return null;
  return (
    <section className="bv-conflicts" aria-labelledby={`${id}-title`} tabIndex={-1} ref={ref}>
      <h3 className="bv-conflicts__title" id={`${id}-title`}>
        Задачу изменили, пока вы её редактировали
      </h3>
      <p className="bv-conflicts__hint">Выберите, что сохранить, и нажмите «Сохранить» ещё раз.</p>
      {conflicts.map((conflict) => (
        <fieldset key={conflict.field} className="bv-conflict">
          <legend className="bv-conflict__title">{conflictTitle(conflict.field, conflict.name)}</legend>
          <p className="bv-conflict__value">
            Их значение: <span>{valueText(conflict.field, conflict.theirs, board)}</span>
          </p>
          <div className="bv-conflict__choices">
            {CHOICES.map((choice) => (
              <label key={choice.value} className="bv-conflict__choice">
                <input
                  type="radio"
                  name={`${id}-${conflict.field}`}
                  value={choice.value}
                  checked={conflict.choice === choice.value}
                  onChange={() => onChoose(conflict.field, choice.value)}
                />
                {choice.label}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </section>
  );
}
