/**
 * The board's 'Архив', shown while open; its dialog is its own chunk, loaded when it is first opened.
 */
import { lazy, Suspense } from 'react';
import { retryImport } from 'shared-ui/lazy';

const LazyArchiveDialog = lazy(() =>
  retryImport(() => import('./ArchiveDialog')).then((module) => ({ default: module.ArchiveDialog })),
);

export function ArchivePanel({ onClose }: { onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <LazyArchiveDialog onClose={onClose} />
    </Suspense>
  );
}
