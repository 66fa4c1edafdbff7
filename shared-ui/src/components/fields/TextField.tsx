import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { Field, useFieldControl } from './Field';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: ReactNode;
  name: string;
  /** The server's error for this field, shown under it. */
  error?: string | undefined;
  /** Called with the field name when the user edits a field that shows an error. */
  onClearError?: (name: string) => void;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  /** Rendered inside the input box, after the input (used by PasswordField). */
  addon?: ReactNode;
}

export function TextField({
  label,
  name,
  error,
  onClearError,
  hint,
  id,
  className,
  onChange,
  ref,
  'aria-describedby': describedBy,
  addon,
  type = 'text',
  ...rest
}: TextFieldProps) {
  const control = useFieldControl({ id, name, error, hint, onChange, onClearError, describedBy });
  return (
    <Field id={control.id} label={label} error={error} hint={hint} className={className}>
      <div className="ui-field__box">
        <input {...rest} {...control} ref={ref} type={type} className="ui-field__control" />
        {addon}
      </div>
    </Field>
  );
}
