import { type ReactNode, type Ref, type TextareaHTMLAttributes, useId } from 'react';
import { describedBy, Field } from './Field';

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  name: string;
  /** The server's error for this field, shown under it. */
  error?: string | undefined;
  /** Called with the field name when the user edits a field that shows an error. */
  onClearError?: (name: string) => void;
  hint?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextArea({
  label,
  name,
  error,
  onClearError,
  hint,
  id,
  className,
  onChange,
  ref,
  rows = 4,
  ...rest
}: TextAreaProps) {
  const autoId = useId();
  const inputId = id ?? `${name}-${autoId}`;
  return (
    <Field id={inputId} label={label} error={error} hint={hint} className={className}>
      <div className="ui-field__box ui-field__box--textarea">
        <textarea
          {...rest}
          ref={ref}
          id={inputId}
          name={name}
          rows={rows}
          className="ui-field__control ui-field__control--textarea"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(inputId, error, hint)}
          onChange={(event) => {
            onChange?.(event);
            if (error) onClearError?.(name);
          }}
        />
      </div>
    </Field>
  );
}
