/**
 * The board's 'Корзина', shown while open. Not part of the board's first screen: the dialog
 * (TrashDialog) loads when the browser is idle after the board shows (UndoToast asks for it) or when
 * it is first opened.
 */
import { lazy, Suspense } from 'react';
import { retryImport } from 'shared-ui/lazy';

export const loadTrashDialog = () => retryImport(() => import('./TrashDialog'));

const LazyTrashDialog = lazy(() => loadTrashDialog().then((module) => ({ default: module.TrashDialog })));

export function TrashPanel({ onClose }: { onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <LazyTrashDialog onClose={onClose} />
    </Suspense>
  );
}
