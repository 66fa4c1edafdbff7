import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { Field, useFieldControl } from './Field';

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
  'aria-describedby': describedBy,
  rows = 4,
  ...rest
}: TextAreaProps) {
  const control = useFieldControl({ id, name, error, hint, onChange, onClearError, describedBy });
  return (
    <Field id={control.id} label={label} error={error} hint={hint} className={className}>
      <div className="ui-field__box ui-field__box--textarea">
        <textarea
          {...rest}
          {...control}
          ref={ref}
          rows={rows}
          className="ui-field__control ui-field__control--textarea"
        />
      </div>
    </Field>
  );
}
