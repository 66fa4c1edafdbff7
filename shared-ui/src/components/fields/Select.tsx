import { type ReactNode, type Ref, type SelectHTMLAttributes, useId } from 'react';
import { describedBy, Field } from './Field';

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
  ...rest
}: SelectProps) {
  const autoId = useId();
  const selectId = id ?? `${name}-${autoId}`;
  return (
    <Field id={selectId} label={label} error={error} hint={hint} className={className}>
      <div className="ui-field__box ui-field__box--select">
        <select
          {...rest}
          ref={ref}
          id={selectId}
          name={name}
          className="ui-field__control"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(selectId, error, hint)}
          onChange={(event) => {
            onChange?.(event);
            if (error) onClearError?.(name);
          }}
        >
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
