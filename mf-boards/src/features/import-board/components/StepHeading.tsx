/**
 * The heading of one step of the import dialog. A step shown after another takes the focus on its
 * heading, so keyboard and screen reader users start at the top of what changed (the dialog's first
 * step leaves the focus where the dialog put it).
 */
import { type ReactNode, useEffect, useRef } from 'react';

export function StepHeading({ children, focus }: { children: ReactNode; focus: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <h3 ref={ref} className="import-board__heading" tabIndex={-1}>
      {children}
    </h3>
  );
}
