import type { ButtonHTMLAttributes, ReactNode } from 'react';
import type { Status } from '../../types';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'success' | 'fail';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  status?: Status;
  /** Shown instead of the children while status is success. */
  successText?: ReactNode;
  /** Shown instead of the children while status is error. */
  failText?: ReactNode;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
}

export function Button({
  variant = 'primary',
  status = 'default',
  successText,
  failText = 'Ошибка',
  size = 'medium',
  fullWidth = false,
  type = 'button',
  disabled,
  className,
  children,
  ...rest
}: ButtonProps) {
  const busy = status === 'loading' || status === 'processing';
  const classes = [
    'ui-button',
    `ui-button--${variant}`,
    `ui-button--${size}`,
    status !== 'default' && `ui-button--status-${status}`,
    fullWidth && 'ui-button--full',
    className,
  ]
    .filter(Boolean)
    .join(' ');

  let content: ReactNode = children;
  if (status === 'success' && successText !== undefined) content = successText;
  if (status === 'error') content = failText;

  return (
    <button
      {...rest}
      type={type}
      className={classes}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      data-status={status}
    >
      {busy && <span className="ui-button__spinner" aria-hidden="true" />}
      <span className="ui-button__label">{content}</span>
    </button>
  );
}
