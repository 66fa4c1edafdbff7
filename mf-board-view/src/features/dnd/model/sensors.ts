import {
  KeyboardCode,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { PointerEvent as ReactPointerEvent } from 'react';

/** SPEC 9: keyboard step 25 px. */
export const KEYBOARD_STEP = 25;

/** Arrow keys move the dragged card or column by 25 px; collisions pick the place as with a mouse. */
export const keyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  switch (event.code) {
    case KeyboardCode.Right:
      return { ...currentCoordinates, x: currentCoordinates.x + KEYBOARD_STEP };
    case KeyboardCode.Left:
      return { ...currentCoordinates, x: currentCoordinates.x - KEYBOARD_STEP };
    case KeyboardCode.Down:
      return { ...currentCoordinates, y: currentCoordinates.y + KEYBOARD_STEP };
    case KeyboardCode.Up:
      return { ...currentCoordinates, y: currentCoordinates.y - KEYBOARD_STEP };
    default:
      return undefined;
  }
};

/** Controls inside a card or a column header (copy link, labels, ⋯) never start a drag. */
function startsOnControl(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[data-no-dnd], input, textarea, select') !== null;
}

/**
 * Mouse and pen: PointerSensor with a 1 px activation distance. Touch pointers are left to the
 * TouchSensor (500 ms press), otherwise a finger would start a drag at once instead of scrolling.
 */
export class MousePointerSensor extends PointerSensor {
  static override activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: ({ nativeEvent: event }: ReactPointerEvent) =>
        event.isPrimary &&
        event.button === 0 &&
        event.pointerType !== 'touch' &&
        !startsOnControl(event.target),
    },
  ];
}

export function useBoardSensors() {
  return useSensors(
    useSensor(MousePointerSensor, { activationConstraint: { distance: 1 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 500, tolerance: 5 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: keyboardCoordinates,
      // Enter opens the card; Space picks it up and drops it (Enter drops too).
      keyboardCodes: {
        start: [KeyboardCode.Space],
        cancel: [KeyboardCode.Esc],
        end: [KeyboardCode.Space, KeyboardCode.Enter],
      },
    }),
  );
}
