import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { memo, type ReactNode, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { CardSlot, type RenderCard } from './CardSlot';
import { bottomKey, columnKey, topKey } from './ids';
import { createVisibility } from './visibility';

/** Cards rendered at once at the top of each column, before the observer has reported. */
const EAGER_CARDS = 30;

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
}

/**
 * A column: sortable among columns by its header, a sortable list of cards, and two drop zones — the
 * header (drop = first) and the footer (drop = last).
 */
export const SortableColumn = memo(function SortableColumn({
  columnId,
  taskIds,
  renderCard,
  renderColumnHeader,
  renderColumnFooter,
  onOpenTask,
}: SortableColumnProps) {
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging } =
    useSortable({ id: columnKey(columnId), data: { type: 'column', columnId } });
  const top = useDroppable({ id: topKey(columnId), data: { type: 'top', columnId } });
  const bottom = useDroppable({ id: bottomKey(columnId), data: { type: 'bottom', columnId } });
  const [visibility] = useState(createVisibility);
  const listRef = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    visibility.setRoot(listRef.current);
    return () => visibility.disconnect();
  }, [visibility]);

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
      ref={setNodeRef}
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
          {taskIds.map((taskId, index) => (
            <CardSlot
              key={taskId}
              taskId={taskId}
              eager={index < EAGER_CARDS}
              visibility={visibility}
              renderCard={renderCard}
              onOpenTask={onOpenTask}
            />
          ))}
        </div>
      </SortableContext>
      <div ref={bottom.setNodeRef} className="bv-column__foot">
        {renderColumnFooter(columnId, scrollToBottom)}
      </div>
    </section>
  );
});
