/**
 * A file drop area: click or Enter/Space opens the file picker, files can be dropped on it.
 * react-dropzone (17 KB gzip with its MIME table) is not on any first screen, so the area loads with
 * the first screen that shows one; until then the same box is drawn, inert and marked busy.
 */
import { type DragEvent, lazy, Suspense } from 'react';
import type { DropzoneProps } from './dropzone-props';
import './dropzone.css';

export type { DropzoneProps };

const DropzoneArea = lazy(() => import('./DropzoneArea'));

export function Dropzone(props: DropzoneProps) {
  return (
    <Suspense fallback={<DropzonePlaceholder {...props} />}>
      <DropzoneArea {...props} />
    </Suspense>
  );
}

/** Until react-dropzone is there a file dropped here is ignored, rather than opened by the browser. */
const ignoreDrop = (event: DragEvent) => event.preventDefault();

function DropzonePlaceholder({ label, children, hint, className }: DropzoneProps) {
  return (
    <div className={['ui-dropzone', className].filter(Boolean).join(' ')}>
      {/* biome-ignore lint/a11y/useSemanticElements: the same box react-dropzone draws, block content in a role=button div */}
      <div
        className="ui-dropzone__area ui-dropzone__area--disabled"
        role="button"
        tabIndex={-1}
        aria-label={label}
        aria-disabled
        aria-busy
        onDragOver={ignoreDrop}
        onDrop={ignoreDrop}
      >
        <div className="ui-dropzone__content">{children ?? label}</div>
        {hint && <div className="ui-dropzone__hint">{hint}</div>}
      </div>
    </div>
  );
}
