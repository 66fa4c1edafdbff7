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
import { startsPointerDrag } from './early-press';
import { dragData } from './ids';

/** SPEC 9: keyboard step 25 px. */
export const KEYBOARD_STEP = 25;

type CoordinateArgs = Parameters<KeyboardCoordinateGetter>[1];
type Rect = { top: number; left: number; width: number; height: number };
type Point = { x: number; y: number };

const ARROWS: string[] = [KeyboardCode.Right, KeyboardCode.Left, KeyboardCode.Down, KeyboardCode.Up];
const center = (rect: Rect): Point => ({ x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 });

/** Plain arrows: 25 px a press; collisions pick the place as with a mouse. */
function step(code: string, { x, y }: Point): Point | undefined {
  switch (code) {
    case KeyboardCode.Right:
      return { x: x + KEYBOARD_STEP, y };
    case KeyboardCode.Left:
      return { x: x - KEYBOARD_STEP, y };
    case KeyboardCode.Down:
      return { x, y: y + KEYBOARD_STEP };
    case KeyboardCode.Up:
      return { x, y: y - KEYBOARD_STEP };
    default:
      return undefined;
  }
}

/** The droppables of one kind with their measured rects. */
function droppables(args: CoordinateArgs, type: string) {
  const found: { id: string; columnId: string; rect: Rect }[] = [];
  for (const container of args.context.droppableContainers.getEnabled()) {
    const data = dragData(container.data.current);
    const rect = args.context.droppableRects.get(container.id);
    if (!data || data.type !== type || !rect) continue;
    const columnId =
      data.type === 'task' ? String(container.data.current?.sortable?.containerId ?? '') : data.columnId;
    found.push({ id: String(container.id), columnId, rect });
  }
  return found;
}

/**
 * Ctrl+arrow for a card: left and right to the same slot of the previous or next column (its end when
 * that column is shorter), up and down to the previous or next slot of its column. Returns the centre
 * the dragged card should take, or undefined when there is nowhere to go.
 */
function jumpCard(code: string, args: CoordinateArgs, from: Point): Point | undefined {
  const activeId = String(args.active);
  const columns = droppables(args, 'column').sort((a, b) => a.rect.left - b.rect.left);
  // The dragged card's own droppable stays at the slot it holds in the list (its start, or where a
  // jump to another column put it): up and down count it, the column jumps do not.
  const all = droppables(args, 'task');
  const cards = all.filter((card) => card.id !== activeId);
  const here =
    columns.find((column) => from.x >= column.rect.left && from.x <= column.rect.left + column.rect.width) ??
    columns.reduce<(typeof columns)[number] | undefined>(
      (best, column) =>
        !best || Math.abs(center(column.rect).x - from.x) < Math.abs(center(best.rect).x - from.x)
          ? column
          : best,
      undefined,
    );
  if (!here) return undefined;
  const columnId = here.columnId.replace(/^column:/, '');
  const inColumn = (id: string, list = cards) =>
    list.filter((card) => card.columnId === id).sort((a, b) => a.rect.top - b.rect.top);
  const mine = inColumn(columnId);

  if (code === KeyboardCode.Down || code === KeyboardCode.Up) {
    const slots = inColumn(columnId, all);
    const next =
      code === KeyboardCode.Down
        ? slots.find((card) => center(card.rect).y > from.y + 1)
        : slots.findLast((card) => center(card.rect).y < from.y - 1);
    return next ? center(next.rect) : undefined;
  }

  const index = columns.indexOf(here) + (code === KeyboardCode.Right ? 1 : -1);
  const target = columns[index];
  if (!target) return undefined;
  const slot = mine.filter((card) => center(card.rect).y < from.y).length;
  const theirs = inColumn(target.columnId);
  const card = theirs[slot];
  if (card) return center(card.rect);
  const last = theirs[theirs.length - 1];
  const x = center(target.rect).x;
  const half = (args.context.collisionRect?.height ?? 0) / 2;
  if (last) return { x, y: last.rect.top + last.rect.height + half };
  // An empty column: just under its head (the top drop zone), which puts the card in it.
  const top = droppables(args, 'top').find((zone) => zone.columnId === target.columnId);
  const below = top ? top.rect.top + top.rect.height : target.rect.top;
  return { x, y: below + half };
}

/** Ctrl+arrow for a column: left and right to the previous or next column's place. */
function jumpColumn(code: string, args: CoordinateArgs, from: Point): Point | undefined {
  if (code !== KeyboardCode.Right && code !== KeyboardCode.Left) return undefined;
  const activeId = String(args.active);
  const columns = droppables(args, 'column')
    .filter((column) => column.id !== activeId)
    .sort((a, b) => a.rect.left - b.rect.left);
  const next =
    code === KeyboardCode.Right
      ? columns.find((column) => center(column.rect).x > from.x + 1)
      : columns.findLast((column) => center(column.rect).x < from.x - 1);
  return next ? { x: center(next.rect).x, y: from.y } : undefined;
}

/**
 * The keyboard coordinator. Plain arrows move the dragged card or column by SPEC's 25 px; Ctrl (or
 * Cmd) with an arrow jumps: a card to the next or previous column (same slot) or slot, a column past
 * its neighbour. Coordinates are the dragged item's top-left corner, so a jump moves it by the
 * distance between its centre and the target's.
 */
export const keyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const { currentCoordinates } = args;
  if (!ARROWS.includes(event.code)) return undefined;
  const collisionRect = args.context.collisionRect;
  if (!(event.ctrlKey || event.metaKey) || !collisionRect) return step(event.code, currentCoordinates);
  const from = center(collisionRect);
  const type = dragData(args.context.active?.data.current)?.type;
  const to = type === 'column' ? jumpColumn(event.code, args, from) : jumpCard(event.code, args, from);
  if (!to) return undefined;
  return { x: currentCoordinates.x + to.x - from.x, y: currentCoordinates.y + to.y - from.y };
};

/**
 * Mouse and pen: PointerSensor with a 1 px activation distance. Touch pointers are left to the
 * TouchSensor (500 ms press), otherwise a finger would start a drag at once instead of scrolling.
 */
export class MousePointerSensor extends PointerSensor {
  static override activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: ({ nativeEvent: event }: ReactPointerEvent) => startsPointerDrag(event),
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
