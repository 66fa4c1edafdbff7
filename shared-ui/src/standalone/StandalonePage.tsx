import type { HTMLAttributes } from 'react';
import './standalone.css';

/** A narrow centred column for a standalone stand-in page. */
export function StandalonePage({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div {...rest} className={['ui-standalone-page', className].filter(Boolean).join(' ')} />;
}
