/**
 * The board's 'Вебхуки', an administrator's, shown while open. Not part of the board's first screen:
 * the dialog (WebhooksDialog) loads when it is first opened.
 */
import { lazy, Suspense } from 'react';
import { retryImport } from 'shared-ui/lazy';

const LazyWebhooksDialog = lazy(() =>
  retryImport(() => import('./WebhooksDialog')).then((module) => ({ default: module.WebhooksDialog })),
);

export function WebhooksPanel({ onClose }: { onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <LazyWebhooksDialog onClose={onClose} />
    </Suspense>
  );
}
