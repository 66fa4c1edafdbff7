import { createContext, type HTMLAttributes, memo, useContext, useMemo, useRef } from 'react';
import type { EarlyPresses } from '../model/early-press';
import type { CardHandleProps, RenderCard } from './CardSlot';
import { type ColumnDnd, ColumnFrame, type ColumnProps } from './ColumnFrame';

/** The board's early presses, for the static cards and columns. */
export const EarlyPressContext = createContext<EarlyPresses | null>(null);

const noRef = () => {};

/** A card before drag and drop is attached: the same markup as SortableCard's at rest. */
const StaticCard = memo(function StaticCard({
  taskId,
  renderCard,
}: {
  taskId: string;
  renderCard: RenderCard;
}) {
  const early = useContext(EarlyPressContext);
  const handleRef = useRef<HTMLElement | null>(null);
  const handle = useMemo<CardHandleProps>(
    () => ({
      ref: (element) => {
        handleRef.current = element;
      },
      tabIndex: 0,
      'aria-roledescription': 'карточка',
    }),
    [],
  );
  const listeners = useMemo<HTMLAttributes<HTMLElement>>(
    () => ({
      onPointerDown: early?.onPointerDown,
      onKeyDown: (event) => early?.onKeyDown(event, handleRef.current),
    }),
    [early],
  );
  return (
    <div className="bv-sortable-card" {...listeners}>
      {renderCard(taskId, handle)}
    </div>
  );
});

/** A column before drag and drop is attached: the same markup as SortableColumn's at rest. */
export const StaticColumn = memo(function StaticColumn(props: ColumnProps) {
  const early = useContext(EarlyPressContext);
  const gripRef = useRef<HTMLElement | null>(null);
  const dnd = useMemo<ColumnDnd>(
    () => ({
      setNodeRef: noRef,
      setActivatorNodeRef: (element) => {
        gripRef.current = element;
      },
      setTopRef: noRef,
      setBottomRef: noRef,
      gripAttributes: { tabIndex: 0, 'aria-disabled': false },
      listeners: early
        ? {
            onPointerDown: early.onPointerDown,
            onKeyDown: (event) => early.onKeyDown(event, gripRef.current),
          }
        : undefined,
      style: undefined,
      isDragging: false,
      overTop: false,
      overBottom: false,
    }),
    [early],
  );
  return <ColumnFrame {...props} dnd={dnd} Card={StaticCard} />;
});
