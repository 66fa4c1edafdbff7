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

const READ_ONLY_HANDLE: CardHandleProps = { ref: noRef, tabIndex: 0 };

/**
 * A card for a role that may not move it (a commenter, a viewer): its title link is a plain tab stop,
 * with no drag handle's description and no presses kept for a drag.
 */
const ReadOnlyCard = memo(function ReadOnlyCard({
  taskId,
  renderCard,
}: {
  taskId: string;
  renderCard: RenderCard;
}) {
  return (
    <div className="bv-sortable-card bv-sortable-card--fixed">{renderCard(taskId, READ_ONLY_HANDLE)}</div>
  );
});

const READ_ONLY_DND: ColumnDnd = {
  setNodeRef: noRef,
  setActivatorNodeRef: noRef,
  setTopRef: noRef,
  setBottomRef: noRef,
  gripAttributes: {},
  listeners: undefined,
  style: undefined,
  isDragging: false,
  overTop: false,
  overBottom: false,
  readOnly: true,
};

/**
 * A column before drag and drop is attached: the same markup as SortableColumn's at rest. `readOnly`
 * (a role that may not edit): the same column for good, with no grip and cards that cannot be moved.
 */
export const StaticColumn = memo(function StaticColumn({
  readOnly = false,
  ...props
}: ColumnProps & { readOnly?: boolean }) {
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
  if (readOnly) return <ColumnFrame {...props} dnd={READ_ONLY_DND} Card={ReadOnlyCard} />;
  return <ColumnFrame {...props} dnd={dnd} Card={StaticCard} />;
});
