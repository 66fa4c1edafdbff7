/**
 * Work that cannot be kept if the page goes: a file still uploading, or a draft the browser refused to
 * store (private mode, a full quota). While any is held, leaving or reloading the page asks first
 * (`beforeunload`); everything else a user types is kept in drafts and needs no question.
 */
import { useEffect } from 'react';

const held = new Set<symbol | string>();

function onBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Older browsers ask only when a value is set.
  event.returnValue = '';
}

function update() {
  if (held.size > 0) window.addEventListener('beforeunload', onBeforeUnload);
  else window.removeEventListener('beforeunload', onBeforeUnload);
}

/** Holds the page under `reason` until `release(reason)`; holding one reason twice holds it once. */
export function holdPage(reason: symbol | string): void {
  held.add(reason);
  update();
}

export function releasePage(reason: symbol | string): void {
  held.delete(reason);
  update();
}

/** Holds the page while `active` (and the component is mounted). */
export function useLeaveGuard(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const reason = Symbol('leave-guard');
    holdPage(reason);
    return () => releasePage(reason);
  }, [active]);
}
