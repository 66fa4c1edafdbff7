/**
 * The board's 'Активность', shown while open. Not part of the board's first screen: the dialog
 * (ActivityDialog, with the list and its Russian descriptions) loads when it is first opened, with its
 * first page of rows; the task modal, preloaded while idle, carries the same list.
 */
import { lazy, Suspense } from 'react';
import { retryImport } from 'shared-ui/lazy';

const LazyActivityDialog = lazy(() =>
  retryImport(() => import('./ActivityDialog')).then((module) => ({ default: module.ActivityDialog })),
);

export function ActivityPanel(props: { fieldLabels: Record<string, string>; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <LazyActivityDialog {...props} />
    </Suspense>
  );
}
