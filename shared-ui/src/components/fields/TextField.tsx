import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import { describedBy, Field } from './Field';

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
  addon,
  type = 'text',
  ...rest
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? `${name}-${autoId}`;
  return (
    <Field id={inputId} label={label} error={error} hint={hint} className={className}>
      <div className="ui-field__box">
        <input
          {...rest}
          ref={ref}
          id={inputId}
          name={name}
          type={type}
          className="ui-field__control"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(inputId, error, hint)}
          onChange={(event) => {
            onChange?.(event);
            if (error) onClearError?.(name);
          }}
        />
        {addon}
      </div>
    </Field>
  );
}
