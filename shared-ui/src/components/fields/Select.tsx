import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { Field, useFieldControl } from './Field';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  name: string;
  options: readonly SelectOption[];
  error?: string | undefined;
  onClearError?: (name: string) => void;
  hint?: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}

export function Select({
  label,
  name,
  options,
  error,
  onClearError,
  hint,
  id,
  className,
  onChange,
  ref,
  'aria-describedby': describedBy,
  ...rest
}: SelectProps) {
  const control = useFieldControl({ id, name, error, hint, onChange, onClearError, describedBy });
  return (
    <Field id={control.id} label={label} error={error} hint={hint} className={className}>
      <div className="ui-field__box ui-field__box--select">
        <select {...rest} {...control} ref={ref} className="ui-field__control">
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </Field>
  );
}
