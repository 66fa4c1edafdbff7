import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type KeyboardEvent, memo, type ReactNode, useEffect, useRef, useState } from 'react';
import { useDragStore } from '../model/drag-store';
import { cardHeights, DEFAULT_CARD_HEIGHT, type Visibility } from '../model/visibility';

export type RenderCard = (taskId: string) => ReactNode;

interface SortableCardProps {
  taskId: string;
  renderCard: RenderCard;
  onOpenTask: (taskId: string) => void;
}

const SortableCard = memo(function SortableCard({ taskId, renderCard, onOpenTask }: SortableCardProps) {
  const { setNodeRef, attributes, listeners, transform, transition, isDragging } = useSortable({
    id: taskId,
    data: { type: 'task', taskId },
  });
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) {
      event.preventDefault();
      onOpenTask(taskId);
      return;
    }
    listeners?.onKeyDown?.(event);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: the sortable card holds its own buttons, so it cannot be a <button>
    <div
      ref={setNodeRef}
      className={['bv-sortable-card', isDragging && 'bv-sortable-card--dragging'].filter(Boolean).join(' ')}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      {...attributes}
      {...listeners}
      role="button"
      tabIndex={0}
      aria-roledescription="карточка"
      onKeyDown={onKeyDown}
    >
      {renderCard(taskId)}
    </div>
  );
});

interface CardSlotProps extends SortableCardProps {
  visibility: Visibility;
  /** Rendered at once (the top of a column), before the observer reports. */
  eager: boolean;
}

/** A card, or while it is far outside the column's view, a placeholder of its height. */
export const CardSlot = memo(function CardSlot({ taskId, visibility, eager, ...card }: CardSlotProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(eager || !visibility.supported);
  const isActive = useDragStore((state) => state.activeTaskId === taskId);

  useEffect(() => {
    const element = ref.current;
    if (!element || !visibility.supported) return;
    return visibility.observe(element, (isVisible, height) => {
      if (!isVisible && height > 0) cardHeights.set(taskId, height);
      setVisible(isVisible);
    });
  }, [visibility, taskId]);

  return (
    <div ref={ref} className="bv-slot" data-slot={taskId}>
      {visible || isActive ? (
        <SortableCard taskId={taskId} {...card} />
      ) : (
        <div
          className="bv-slot__placeholder"
          style={{ height: cardHeights.get(taskId) ?? DEFAULT_CARD_HEIGHT }}
        />
      )}
    </div>
  );
});
