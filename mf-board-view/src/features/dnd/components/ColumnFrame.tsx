import {
  type CSSProperties,
  type HTMLAttributes,
  type ReactNode,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useBoardState } from '../../../shared/board-context';
import type { ColumnVisibility } from '../model/column-visibility';
import { useDragStore } from '../model/drag-store';
import { cardHeights, createVisibility, DEFAULT_CARD_HEIGHT, observeTail } from '../model/visibility';
import { type CardComponent, CardSlot, type RenderCard } from './CardSlot';

/** Where a column's list starts from the top of the window: the site's header, the board's menu, the column's head. */
const LIST_TOP = 170;
/** The shortest card (a title on one line) with the gap after it. */
const SHORT_CARD = 64;

/**
 * Cards rendered at once at the top of each column, before the observer has reported: as many short
 * cards as the list shows on this screen, and one more. They are also the slots a long column mounts
 * until its list is scrolled towards the others (observeTail). Each card is about 1 ms of a big board's
 * first render, with its layout and paint: 14 per column (the window's height in 60 px steps, and two
 * more) drew twice what a 720 px window shows.
 */
export function eagerCards(): number {
  return Math.ceil(Math.max(0, window.innerHeight - LIST_TOP) / SHORT_CARD) + 1;
}
/** The list's gap between cards (dnd.css, .bv-column__list). */
const CARD_GAP = 8;

/** The height the cards of a list take, from their last measured (or default) heights. */
function listHeight(taskIds: string[]): number {
  let height = 0;
  for (const taskId of taskIds) height += cardHeights.get(taskId) ?? DEFAULT_CARD_HEIGHT;
  return height + Math.max(0, taskIds.length - 1) * CARD_GAP;
}

export interface ColumnRenderers {
  renderCard: RenderCard;
  renderColumnHeader: (columnId: string) => ReactNode;
  /** The column's footer (add-card form); `scrollToBottom` shows the end of the list. */
  renderColumnFooter: (columnId: string, scrollToBottom: () => void) => ReactNode;
}

/** What a column's markup takes from drag and drop: dnd-kit's once attached, inert ones before. */
export interface ColumnDnd {
  setNodeRef: (element: HTMLElement | null) => void;
  setActivatorNodeRef: (element: HTMLElement | null) => void;
  setTopRef: (element: HTMLElement | null) => void;
  setBottomRef: (element: HTMLElement | null) => void;
  /** The grip's attributes (without a role: it is a button). */
  gripAttributes: HTMLAttributes<HTMLElement>;
  /** Spread on the head: pointer drags start anywhere on it, the keyboard on the grip. */
  listeners: HTMLAttributes<HTMLElement> | undefined;
  style: CSSProperties | undefined;
  isDragging: boolean;
  overTop: boolean;
  overBottom: boolean;
  /** The role may not move columns or cards: no grip, and the head is not a drag area. */
  readOnly?: boolean;
}

export interface ColumnProps extends ColumnRenderers {
  columnId: string;
  /** The column's place on the board: its first render guesses its nearness from it (nearAtStart). */
  index: number;
  taskIds: string[];
  /** The board's horizontal windowing: a column far from the view renders no cards. */
  columnVisibility: ColumnVisibility;
  /** Cards that were on screen when the board changed hands: they render at once, not as placeholders. */
  shownCards: ReadonlySet<string>;
}

interface ColumnFrameProps extends ColumnProps {
  dnd: ColumnDnd;
  Card: CardComponent;
}

/**
 * A column's markup, the same before and after drag and drop is attached: a head (the top drop zone,
 * with the grip), the list of cards and the foot (the bottom drop zone). While the column is far from
 * the board's view (and does not hold the dragged card), its list is one placeholder of the cards'
 * height, and the column is skipped by layout and paint while off screen (dnd.css, .bv-column--far).
 * A read-only column (`dnd.readOnly`, for a role that may not edit) has no grip.
 */
export function ColumnFrame({
  columnId,
  index,
  taskIds,
  renderCard,
  renderColumnHeader,
  renderColumnFooter,
  columnVisibility,
  shownCards,
  dnd,
  Card,
}: ColumnFrameProps) {
  const name = useBoardState((state) => state.board?.columns[columnId]?.name ?? '');
  const [visibility] = useState(createVisibility);
  const listRef = useRef<HTMLDivElement>(null);
  const sectionRef = useRef<HTMLElement | null>(null);
  // Near at first by its place, or when it showed cards before drag and drop was attached.
  const [near, setNear] = useState(
    () => columnVisibility.nearAtStart(index) || taskIds.some((id) => shownCards.has(id)),
  );
  const [eager] = useState(eagerCards);
  // The dragged card, when this column holds it: its slot stays rendered even when scrolled away.
  const activeTaskId = useDragStore((state) =>
    state.activeTaskId !== null && taskIds.includes(state.activeTaskId) ? state.activeTaskId : null,
  );
  // Slots past the first `eager` are mounted once the list nears them (each slot costs a component
  // and an observed element: 100 per column on a big board). Cards on screen before drag and drop
  // was attached, and the dragged card, are always in a slot.
  const [allSlots, setAllSlots] = useState(
    () => !columnVisibility.supported || taskIds.some((id, index) => index >= eager && shownCards.has(id)),
  );
  // A drag that takes its card past them mounts them for good: the list it may have scrolled keeps
  // its cards after the drop.
  if (!allSlots && activeTaskId !== null && taskIds.indexOf(activeTaskId) >= eager) setAllSlots(true);
  const slots = allSlots ? taskIds.length : eager;
  const far = !near && activeTaskId === null;
  const tailRef = useRef<HTMLDivElement>(null);
  const hasTail = near && slots < taskIds.length;

  useLayoutEffect(() => {
    visibility.setRoot(listRef.current);
    return () => visibility.disconnect();
  }, [visibility]);

  useLayoutEffect(() => {
    const section = sectionRef.current;
    if (!section) return;
    return columnVisibility.observe(section, setNear);
  }, [columnVisibility]);

  useLayoutEffect(() => {
    const list = listRef.current;
    const tail = tailRef.current;
    if (!hasTail || !list || !tail) return;
    return observeTail(list, tail, () => setAllSlots(true));
  }, [hasTail]);

  const { setNodeRef } = dnd;
  const setSectionRef = useCallback(
    (element: HTMLElement | null) => {
      sectionRef.current = element;
      setNodeRef(element);
    },
    [setNodeRef],
  );

  const scrollToBottom = useCallback(() => {
    requestAnimationFrame(() => {
      const list = listRef.current;
      if (list) list.scrollTop = list.scrollHeight;
    });
  }, []);

  return (
    <section
      ref={setSectionRef}
      className={[
        'bv-column',
        far && 'bv-column--far',
        dnd.isDragging && 'bv-column--dragging',
        dnd.overTop && 'bv-column--over-top',
        dnd.overBottom && 'bv-column--over-bottom',
        dnd.readOnly && 'bv-column--fixed',
      ]
        .filter(Boolean)
        .join(' ')}
      style={dnd.style}
      data-column-id={columnId}
    >
      <div ref={dnd.setTopRef} className="bv-column__head" {...dnd.listeners}>
        {!dnd.readOnly && (
          <button
            ref={dnd.setActivatorNodeRef}
            type="button"
            className="bv-column__grip"
            {...dnd.gripAttributes}
            aria-roledescription="колонка"
            aria-label={`Колонка «${name}»`}
          >
            <svg width="12" height="16" viewBox="0 0 12 16" aria-hidden="true">
              <path
                fill="currentColor"
                d="M3 2a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Zm6 0a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3ZM3 6.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Zm6 0a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3ZM3 11a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Zm6 0a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Z"
              />
            </svg>
          </button>
        )}
        {renderColumnHeader(columnId)}
      </div>
      <div ref={listRef} className="bv-column__list">
        {!far ? (
          <>
            {taskIds.slice(0, slots).map((taskId, index) => (
              <CardSlot
                key={taskId}
                taskId={taskId}
                eager={index < eager || shownCards.has(taskId)}
                active={taskId === activeTaskId}
                visibility={visibility}
                renderCard={renderCard}
                Card={Card}
              />
            ))}
            {slots < taskIds.length && (
              <div
                ref={tailRef}
                className="bv-column__placeholder"
                style={{ height: listHeight(taskIds.slice(slots)) }}
              />
            )}
          </>
        ) : taskIds.length > 0 ? (
          <div className="bv-column__placeholder" style={{ height: listHeight(taskIds) }} />
        ) : null}
      </div>
      <div ref={dnd.setBottomRef} className="bv-column__foot">
        {renderColumnFooter(columnId, scrollToBottom)}
      </div>
    </section>
  );
}
