import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { memo, type ReactNode, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useBoardState } from '../../../shared/board-context';
import type { ColumnVisibility } from '../model/column-visibility';
import { useDragStore } from '../model/drag-store';
import { bottomKey, columnKey, topKey } from '../model/ids';
import { cardHeights, createVisibility, DEFAULT_CARD_HEIGHT } from '../model/visibility';
import { CardSlot, type RenderCard } from './CardSlot';

/** Cards rendered at once at the top of each column, before the observer has reported. */
const EAGER_CARDS = 30;
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

interface SortableColumnProps extends ColumnRenderers {
  columnId: string;
  taskIds: string[];
  /** The board's horizontal windowing: a column far from the view renders no cards. */
  columnVisibility: ColumnVisibility;
}

/**
 * A column: sortable among columns by its header, a sortable list of cards, and two drop zones — the
 * header (drop = first) and the footer (drop = last). While the column is far from the board's view
 * (and does not hold the dragged card), its list is one placeholder of the cards' height.
 */
export const SortableColumn = memo(function SortableColumn({
  columnId,
  taskIds,
  renderCard,
  renderColumnHeader,
  renderColumnFooter,
  columnVisibility,
}: SortableColumnProps) {
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging } =
    useSortable({ id: columnKey(columnId), data: { type: 'column', columnId } });
  const top = useDroppable({ id: topKey(columnId), data: { type: 'top', columnId } });
  const bottom = useDroppable({ id: bottomKey(columnId), data: { type: 'bottom', columnId } });
  const name = useBoardState((state) => state.board?.columns[columnId]?.name ?? '');
  const [visibility] = useState(createVisibility);
  const listRef = useRef<HTMLDivElement>(null);
  const sectionRef = useRef<HTMLElement | null>(null);
  const [near, setNear] = useState(!columnVisibility.supported);
  const holdsActive = useDragStore(
    (state) => state.activeTaskId !== null && taskIds.includes(state.activeTaskId),
  );

  useLayoutEffect(() => {
    visibility.setRoot(listRef.current);
    return () => visibility.disconnect();
  }, [visibility]);

  useLayoutEffect(() => {
    const section = sectionRef.current;
    if (!section) return;
    return columnVisibility.observe(section, setNear);
  }, [columnVisibility]);

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

  // The head is the top drop zone and takes pointer drags anywhere; the keyboard drags the column by
  // its grip button, a sibling of the header's own buttons (no control inside another).
  const { role: _role, ...gripAttributes } = attributes;

  return (
    <section
      ref={setSectionRef}
      className={[
        'bv-column',
        isDragging && 'bv-column--dragging',
        top.isOver && 'bv-column--over-top',
        bottom.isOver && 'bv-column--over-bottom',
      ]
        .filter(Boolean)
        .join(' ')}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-column-id={columnId}
    >
      <div ref={top.setNodeRef} className="bv-column__head" {...listeners}>
        <button
          ref={setActivatorNodeRef}
          type="button"
          className="bv-column__grip"
          {...gripAttributes}
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
        {renderColumnHeader(columnId)}
      </div>
      <SortableContext id={columnId} items={taskIds} strategy={verticalListSortingStrategy}>
        <div ref={listRef} className="bv-column__list">
          {near || holdsActive ? (
            taskIds.map((taskId, index) => (
              <CardSlot
                key={taskId}
                taskId={taskId}
                eager={index < EAGER_CARDS}
                visibility={visibility}
                renderCard={renderCard}
              />
            ))
          ) : taskIds.length > 0 ? (
            <div className="bv-column__placeholder" style={{ height: listHeight(taskIds) }} />
          ) : null}
        </div>
      </SortableContext>
      <div ref={bottom.setNodeRef} className="bv-column__foot">
        {renderColumnFooter(columnId, scrollToBottom)}
      </div>
    </section>
  );
});
