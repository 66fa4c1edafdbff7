import { type ChangeEvent, type ReactNode, useId } from 'react';
import './fields.css';

interface FieldProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
  className?: string | undefined;
}

export const errorId = (id: string) => `${id}-error`;
export const hintId = (id: string) => `${id}-hint`;

/** Label, control, optional hint and the server's error for this field (internal to shared-ui). */
export function Field({ id, label, error, hint, children, className }: FieldProps) {
  return (
    <div className={['ui-field', error && 'ui-field--invalid', className].filter(Boolean).join(' ')}>
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && !error && (
        <div className="ui-field__hint" id={hintId(id)}>
          {hint}
        </div>
      )}
      {error && (
        <div className="ui-field__error" id={errorId(id)} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

function describedBy(
  id: string,
  error: string | undefined,
  hint: ReactNode,
  extra: string | undefined,
): string | undefined {
  let own: string | undefined;
  if (error) own = errorId(id);
  else if (hint) own = hintId(id);
  return [own, extra].filter(Boolean).join(' ') || undefined;
}

/** What every field passes to its control; `onChange` also clears the field's shown error. */
export interface FieldControlOptions<E> {
  id: string | undefined;
  name: string;
  error: string | undefined;
  hint: ReactNode;
  onChange: ((event: ChangeEvent<E>) => void) | undefined;
  onClearError: ((name: string) => void) | undefined;
  /** The caller's own `aria-describedby` (why the field is read-only, say), kept after the error or hint. */
  describedBy?: string | undefined;
}

export function useFieldControl<E>({
  id,
  name,
  error,
  hint,
  onChange,
  onClearError,
  describedBy: extra,
}: FieldControlOptions<E>) {
  const autoId = useId();
  const controlId = id ?? `${name}-${autoId}`;
  return {
    id: controlId,
    name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(controlId, error, hint, extra),
    onChange: (event: ChangeEvent<E>) => {
      onChange?.(event);
      if (error) onClearError?.(name);
    },
  };
}
