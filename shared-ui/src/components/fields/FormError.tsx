import type { ReactNode } from 'react';
import './fields.css';

/** A form-level error (the API's `message` key). Renders nothing without a message. */
export function FormError({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <div className="ui-form-error" role="alert">
      {children}
    </div>
  );
}
