import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { memo, type ReactNode, useCallback, useLayoutEffect, useRef, useState } from 'react';
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
  onOpenTask: (taskId: string) => void;
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
  onOpenTask,
  columnVisibility,
}: SortableColumnProps) {
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging } =
    useSortable({ id: columnKey(columnId), data: { type: 'column', columnId } });
  const top = useDroppable({ id: topKey(columnId), data: { type: 'top', columnId } });
  const bottom = useDroppable({ id: bottomKey(columnId), data: { type: 'bottom', columnId } });
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

  const setHeadRef = useCallback(
    (element: HTMLElement | null) => {
      setActivatorNodeRef(element);
      top.setNodeRef(element);
    },
    [setActivatorNodeRef, top.setNodeRef],
  );

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
      {/* biome-ignore lint/a11y/useSemanticElements: the drag handle holds the ⋯ button, so it cannot be a <button> */}
      <div
        ref={setHeadRef}
        className="bv-column__head"
        {...attributes}
        {...listeners}
        role="button"
        tabIndex={0}
        aria-roledescription="колонка"
      >
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
                onOpenTask={onOpenTask}
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
