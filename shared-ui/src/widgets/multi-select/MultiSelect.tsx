/**
 * Choose any number of options: a labelled group of toggle chips, each a real checkbox (so it works
 * with the keyboard and screen readers, and tests find options by their label). An option may carry a
 * colour, shown as a dot (labels, priorities).
 */
import type { ReactNode } from 'react';
import './multi-select.css';

export interface MultiSelectOption {
  value: string;
  label: string;
  color?: string;
  disabled?: boolean;
}

export interface MultiSelectProps {
  label: ReactNode;
  name: string;
  options: readonly MultiSelectOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** Shown when there are no options. */
  emptyText?: ReactNode;
  error?: string | undefined;
  onClearError?: (name: string) => void;
  className?: string;
  /** Every option is off (the value can be read, not changed); `aria-describedby` may say why. */
  disabled?: boolean;
  'aria-describedby'?: string | undefined;
}

export function MultiSelect({
  label,
  name,
  options,
  value,
  onChange,
  emptyText = 'Нет вариантов',
  error,
  onClearError,
  className,
  disabled = false,
  'aria-describedby': describedBy,
}: MultiSelectProps) {
  const toggle = (option: string, checked: boolean) => {
    const next = checked ? [...value, option] : value.filter((item) => item !== option);
    // Keep the options' own order, whatever order they were clicked in.
    onChange(options.map((item) => item.value).filter((item) => next.includes(item)));
    if (error) onClearError?.(name);
  };

  return (
    <fieldset
      className={['ui-multi', error && 'ui-multi--invalid', disabled && 'ui-multi--disabled', className]
        .filter(Boolean)
        .join(' ')}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      disabled={disabled}
    >
      <legend className="ui-multi__legend">{label}</legend>
      {options.length === 0 ? (
        <div className="ui-multi__empty">{emptyText}</div>
      ) : (
        <div className="ui-multi__options">
          {options.map((option) => (
            <label
              key={option.value}
              className={['ui-multi__chip', option.disabled && 'ui-multi__chip--disabled']
                .filter(Boolean)
                .join(' ')}
            >
              <input
                type="checkbox"
                className="ui-multi__input"
                name={name}
                value={option.value}
                checked={value.includes(option.value)}
                disabled={option.disabled}
                onChange={(event) => toggle(option.value, event.target.checked)}
              />
              {option.color && (
                <span className="ui-multi__dot" style={{ background: option.color }} aria-hidden="true" />
              )}
              <span className="ui-multi__text">{option.label}</span>
            </label>
          ))}
        </div>
      )}
      {error && (
        <div className="ui-field__error" role="alert">
          {error}
        </div>
      )}
    </fieldset>
  );
}
