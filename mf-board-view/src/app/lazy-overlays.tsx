/**
 * The board's modals and the task modal are not part of the first screen: they load as their own
 * chunk, fetched while the browser is idle once the board is shown, so opening one stays instant.
 */
import { lazy, Suspense, useEffect } from 'react';
import { retryImport, whenIdle } from 'shared-ui/lazy';

const loadBoardModals = () => retryImport(() => import('./BoardModals'));
const loadTaskRoute = () => retryImport(() => import('./TaskRoute'));

const LazyBoardModals = lazy(() => loadBoardModals().then((module) => ({ default: module.BoardModals })));
const LazyTaskRoute = lazy(() => loadTaskRoute().then((module) => ({ default: module.TaskRoute })));

/** The open task's modal (by its number on the board), or else the board modal chosen in the modal store. */
export function BoardOverlays({ taskNumber }: { taskNumber: string | undefined }) {
  useIdlePreload();
  return (
    <Suspense fallback={null}>
      {taskNumber ? <LazyTaskRoute taskNumber={taskNumber} /> : <LazyBoardModals />}
    </Suspense>
  );
}

function useIdlePreload() {
  useEffect(
    () =>
      whenIdle(() => {
        void loadBoardModals();
        void loadTaskRoute();
      }, 2000),
    [],
  );
}
