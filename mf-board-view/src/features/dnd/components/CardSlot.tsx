import {
  type ComponentType,
  type HTMLAttributes,
  memo,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from 'react';
import { cardHeights, DEFAULT_CARD_HEIGHT, type Visibility } from '../model/visibility';

/**
 * What the card's own focusable element (its title link) takes to be the keyboard drag handle: the
 * activator ref and dnd-kit's description. The card keeps its link role, so Enter opens it natively,
 * and its other buttons stay siblings of the link, never nested in it.
 */
export type CardHandleProps = HTMLAttributes<HTMLElement> & {
  ref: (element: HTMLElement | null) => void;
  tabIndex: number;
};

/** Draws a card; `handle` is absent for the drag overlay's copy. */
export type RenderCard = (taskId: string, handle?: CardHandleProps) => ReactNode;

/** The card with its drag wrapper: SortableCard, or StaticCard before drag and drop is attached. */
export type CardComponent = ComponentType<{ taskId: string; renderCard: RenderCard }>;

interface CardSlotProps {
  taskId: string;
  renderCard: RenderCard;
  Card: CardComponent;
  visibility: Visibility;
  /** Rendered at once (the top of a column), before the observer reports. */
  eager: boolean;
  /** The card being dragged: rendered even when scrolled out of view. */
  active: boolean;
}

/** A card, or while it is far outside the column's view, a placeholder of its height. */
export const CardSlot = memo(function CardSlot({
  taskId,
  visibility,
  eager,
  active,
  renderCard,
  Card,
}: CardSlotProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(eager || !visibility.supported);

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
      {visible || active ? (
        <Card taskId={taskId} renderCard={renderCard} />
      ) : (
        <div
          className="bv-slot__placeholder"
          style={{ height: cardHeights.get(taskId) ?? DEFAULT_CARD_HEIGHT }}
        />
      )}
    </div>
  );
});
