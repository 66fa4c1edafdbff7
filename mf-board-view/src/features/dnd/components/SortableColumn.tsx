import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { memo, useMemo } from 'react';
import { bottomKey, columnKey, topKey } from '../model/ids';
import type { CardHandleProps, RenderCard } from './CardSlot';
import { type ColumnDnd, ColumnFrame, type ColumnProps } from './ColumnFrame';

const SortableCard = memo(function SortableCard({
  taskId,
  renderCard,
}: {
  taskId: string;
  renderCard: RenderCard;
}) {
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging } =
    useSortable({ id: taskId, data: { type: 'task', taskId } });
  const describedBy = attributes['aria-describedby'];
  const disabled = attributes['aria-disabled'];
  const handle = useMemo<CardHandleProps>(
    () => ({
      ref: setActivatorNodeRef,
      tabIndex: 0,
      'aria-roledescription': 'карточка',
      'aria-describedby': describedBy,
      'aria-disabled': disabled || undefined,
    }),
    [setActivatorNodeRef, describedBy, disabled],
  );
  return (
    // Pointer and touch drags start anywhere on the card; the keyboard sensor only on the handle.
    <div
      ref={setNodeRef}
      className={['bv-sortable-card', isDragging && 'bv-sortable-card--dragging'].filter(Boolean).join(' ')}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      {...listeners}
    >
      {renderCard(taskId, handle)}
    </div>
  );
});

/**
 * A column: sortable among columns by its header, a sortable list of cards, and two drop zones — the
 * header (drop = first) and the footer (drop = last).
 */
export const SortableColumn = memo(function SortableColumn(props: ColumnProps) {
  const { columnId, taskIds } = props;
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging } =
    useSortable({ id: columnKey(columnId), data: { type: 'column', columnId } });
  const top = useDroppable({ id: topKey(columnId), data: { type: 'top', columnId } });
  const bottom = useDroppable({ id: bottomKey(columnId), data: { type: 'bottom', columnId } });
  // The head is the top drop zone and takes pointer drags anywhere; the keyboard drags the column by
  // its grip button, a sibling of the header's own buttons (no control inside another).
  const { role: _role, ...gripAttributes } = attributes;
  const dnd: ColumnDnd = {
    setNodeRef,
    setActivatorNodeRef,
    setTopRef: top.setNodeRef,
    setBottomRef: bottom.setNodeRef,
    gripAttributes,
    listeners,
    style: { transform: CSS.Translate.toString(transform), transition },
    isDragging,
    overTop: top.isOver,
    overBottom: bottom.isOver,
  };
  return (
    <SortableContext id={columnId} items={taskIds} strategy={verticalListSortingStrategy}>
      <ColumnFrame {...props} dnd={dnd} Card={SortableCard} />
    </SortableContext>
  );
});
