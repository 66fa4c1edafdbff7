/**
 * The board's modals, as lazy-overlays.tsx renders them with the board: this module is small and
 * renders nothing until a modal is open. The modals themselves (BoardModalSwitch, about 5 KB gzip) are
 * fetched while the browser is idle once the board is shown, or when one is opened before that.
 */
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { useModalStore } from 'shared-ui';
import { retryImport, whenIdle } from 'shared-ui/lazy';

type SwitchModule = typeof import('./BoardModalSwitch');

let loaded: SwitchModule | null = null;

/** Loads the modals; a board rendered after that shows them without suspending (tests). */
export function loadBoardModalSwitch(): Promise<SwitchModule> {
  return retryImport(() => import('./BoardModalSwitch')).then((module) => {
    loaded = module;
    return module;
  });
}

const LazySwitch = lazy(() =>
  loadBoardModalSwitch().then((module) => ({ default: module.BoardModalSwitch })),
);

export function BoardModals() {
  const open = useModalStore((state) => state.modal !== null);
  // Chosen once per mount, so a modal that is open never changes its parent and loses its state.
  const [Switch] = useState<ComponentType>(() => loaded?.BoardModalSwitch ?? LazySwitch);

  useEffect(() => whenIdle(() => void loadBoardModalSwitch().catch(() => undefined), 2000), []);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <Switch />
    </Suspense>
  );
}
