import type { ReactNode } from 'react';
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

export function describedBy(id: string, error: string | undefined, hint: ReactNode): string | undefined {
  if (error) return errorId(id);
  if (hint) return hintId(id);
  return undefined;
}
