/**
 * The board menu's 'Сохранить как шаблон' and 'Копировать доску', shown while one is open. Not part of
 * the board's first screen: the dialog (BoardCopyDialog) loads when it is first opened.
 */
import { lazy, Suspense } from 'react';
import { retryImport } from 'shared-ui/lazy';
import type { BoardCopyDialog } from '../../../shared/board-copy-panel';

const LazyBoardCopyDialog = lazy(() =>
  retryImport(() => import('./BoardCopyDialog')).then((module) => ({ default: module.BoardCopyDialog })),
);

export function BoardCopyPanel({ kind, onClose }: { kind: BoardCopyDialog; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <LazyBoardCopyDialog key={kind} kind={kind} onClose={onClose} />
    </Suspense>
  );
}
