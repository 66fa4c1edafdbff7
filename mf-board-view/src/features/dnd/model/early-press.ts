/**
 * Drag and drop is not part of the board's first screen: DndBoard draws the columns and cards at once
 * and loads @dnd-kit while the browser is idle. A press that would have started a drag in between —
 * the main mouse button on a card or a column's head, Space on a card's handle or a column's grip — asks
 * for drag and drop at once and is kept here; once drag and drop is attached it is sent again to the
 * same card or column, so the first drag is not lost: a mouse button still held goes on as a drag with
 * the next move, a Space picks the card up. Attaching re-renders the cards, so it waits while a button
 * is held without moving: that may be a click (on a card's title, say), which needs its elements.
 */
import type { KeyboardEvent as ReactKeyboardEvent, PointerEvent as ReactPointerEvent } from 'react';
import { columnSelector, slotSelector } from './ids';

/** Controls inside a card or a column header (copy link, labels, ⋯) never start a drag. */
export function startsOnControl(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[data-no-dnd], input, textarea, select') !== null;
}

/**
 * Mouse and pen, the main button, not on a control. Touch pointers are left to the TouchSensor (500 ms
 * press), otherwise a finger would start a drag at once instead of scrolling.
 */
export function startsPointerDrag(event: PointerEvent): boolean {
  return (
    event.isPrimary && event.button === 0 && event.pointerType !== 'touch' && !startsOnControl(event.target)
  );
}

/** A card (by its slot) or a column (by its head), found again in the board drawn with drag and drop. */
type Place = { slot: string } | { column: string };

type Press =
  | { kind: 'pointer'; place: Place; x: number; y: number; pointerId: number; moved: boolean }
  | { kind: 'key'; place: Place };

export interface EarlyPresses {
  /** On a card's wrapper and a column's head. */
  onPointerDown: (event: ReactPointerEvent<HTMLElement>) => void;
  /** On the same elements; `activator` is the card's handle or the column's grip. */
  onKeyDown: (event: ReactKeyboardEvent<HTMLElement>, activator: Element | null) => void;
  /** A button held without moving: attaching now could lose its click. */
  holding: () => boolean;
  /** Calls `callback` once nothing is held (at once if nothing is). */
  whenFree: (callback: () => void) => void;
  /** Sends the kept press, if any, to its card or column under `root`. */
  replay: (root: ParentNode) => void;
  dispose: () => void;
}

function placeOf(element: Element): Place | null {
  const slot = element.closest<HTMLElement>('[data-slot]');
  if (slot?.dataset.slot) return { slot: slot.dataset.slot };
  const column = element.closest<HTMLElement>('section[data-column-id]');
  return column?.dataset.columnId ? { column: column.dataset.columnId } : null;
}

function find(root: ParentNode, place: Place): Element | null {
  return 'slot' in place
    ? root.querySelector(`${slotSelector(place.slot)} > .bv-sortable-card`)
    : root.querySelector(`${columnSelector(place.column)} > .bv-column__head`);
}

/** `request` asks for drag and drop at once (it is loading, or has failed and is tried again). */
export function createEarlyPresses(request: () => void): EarlyPresses {
  let press: Press | null = null;
  let waiting: (() => void) | null = null;
  const holding = () => press?.kind === 'pointer' && !press.moved;
  const free = () => {
    const callback = waiting;
    waiting = null;
    callback?.();
  };

  const release = (event: PointerEvent) => {
    if (press?.kind !== 'pointer' || press.pointerId !== event.pointerId) return;
    forget();
    free();
  };
  const move = (event: PointerEvent) => {
    if (press?.kind !== 'pointer' || press.pointerId !== event.pointerId || press.moved) return;
    // dnd-kit's pointer sensor starts a drag after 1 px.
    if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < 1) return;
    press.moved = true;
    free();
  };
  // As dnd-kit's pointer sensor does: a held link or image does not start the browser's own drag.
  const noNativeDrag = (event: Event) => event.preventDefault();
  const listen = (on: boolean) => {
    if (on) {
      window.addEventListener('pointerup', release, true);
      window.addEventListener('pointermove', move, true);
      window.addEventListener('pointercancel', release, true);
      window.addEventListener('dragstart', noNativeDrag, true);
    } else {
      window.removeEventListener('pointerup', release, true);
      window.removeEventListener('pointermove', move, true);
      window.removeEventListener('pointercancel', release, true);
      window.removeEventListener('dragstart', noNativeDrag, true);
    }
  };
  const forget = () => {
    if (press?.kind === 'pointer') listen(false);
    press = null;
  };

  return {
    onPointerDown: (event) => {
      request();
      const place = placeOf(event.currentTarget);
      if (!place || !startsPointerDrag(event.nativeEvent)) return;
      forget();
      press = {
        kind: 'pointer',
        place,
        x: event.clientX,
        y: event.clientY,
        pointerId: event.pointerId,
        moved: false,
      };
      listen(true);
    },
    onKeyDown: (event, activator) => {
      if (event.code !== 'Space' || event.target !== activator || event.repeat) return;
      const place = placeOf(event.currentTarget);
      if (!place) return;
      // Space would scroll the page; it picks the card up as soon as drag and drop is here.
      event.preventDefault();
      forget();
      press = { kind: 'key', place };
      request();
    },
    holding,
    whenFree: (callback) => {
      waiting = callback;
      if (!holding()) free();
    },
    replay: (root) => {
      const kept = press;
      forget();
      const element = kept && find(root, kept.place);
      if (!kept || !element) return;
      if (kept.kind === 'key') {
        const focused = document.activeElement;
        if (focused && element.contains(focused)) {
          focused.dispatchEvent(
            new KeyboardEvent('keydown', { code: 'Space', key: ' ', bubbles: true, cancelable: true }),
          );
        }
        return;
      }
      if (typeof PointerEvent !== 'function') return;
      const hit =
        typeof document.elementFromPoint === 'function' ? document.elementFromPoint(kept.x, kept.y) : null;
      (hit && element.contains(hit) ? hit : element).dispatchEvent(
        new PointerEvent('pointerdown', {
          bubbles: true,
          cancelable: true,
          composed: true,
          clientX: kept.x,
          clientY: kept.y,
          pointerId: kept.pointerId,
          pointerType: 'mouse',
          isPrimary: true,
          button: 0,
          buttons: 1,
        }),
      );
    },
    dispose: () => {
      forget();
      waiting = null;
    },
  };
}
