import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import './fields.css';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A checkbox with its label on the right. */
export function Checkbox({ label, className, ref, ...rest }: CheckboxProps) {
  return (
    <label className={['ui-checkbox', className].filter(Boolean).join(' ')}>
      <input {...rest} ref={ref} type="checkbox" className="ui-checkbox__input" />
      <span className="ui-checkbox__label">{label}</span>
    </label>
  );
}
