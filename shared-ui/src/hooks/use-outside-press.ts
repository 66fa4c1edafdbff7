import { type RefObject, useEffect, useRef } from 'react';

/**
 * Calls `onOutside` when the user presses (mouse, touch or pen) anywhere outside `ref`'s element while
 * `active`: how an inline form or a popover closes on a click elsewhere.
 */
export function useOutsidePress(ref: RefObject<Element | null>, onOutside: () => void, active = true): void {
  const latest = useRef(onOutside);
  latest.current = onOutside;
  useEffect(() => {
    if (!active) return;
    const onPointerDown = (event: PointerEvent) => {
      const element = ref.current;
      if (element && !element.contains(event.target as Node)) latest.current();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [ref, active]);
}
