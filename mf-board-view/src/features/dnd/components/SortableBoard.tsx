/**
 * Drag and drop of the board (@dnd-kit), attached by DndBoard once it has loaded. Cards move within and between columns, columns reorder.
 * While dragging, the order lives in local state (only the columns whose list changed re-render); on
 * drop it is applied to the board store at once (optimistic) and sent; a failed call restores the last
 * server data. A card's move is sent only when the card is among the target column's new ids.
 */
import {
  type Active,
  type Announcements,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  DragOverlay,
  type DragStartEvent,
  MeasuringStrategy,
  type Over,
} from '@dnd-kit/core';
import { arrayMove, horizontalListSortingStrategy, SortableContext } from '@dnd-kit/sortable';
import type { Column } from 'contract';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useBoardState, useBoardStoreApi } from '../../../shared/board-context';
import { cardPlace, cardUnmoved, columnPlace, screenReaderInstructions, UNCHANGED } from '../model/announce';
import { boardCollision } from '../model/collision';
import { commitColumnOrder, commitTaskMove } from '../model/commit';
import { useDragStore } from '../model/drag-store';
import { columnKey, dragData } from '../model/ids';
import { type ColumnItems, type DropTarget, moveAcross, settleMove } from '../model/move';
import { useBoardSensors } from '../model/sensors';
import type { ColumnProps, ColumnRenderers } from './ColumnFrame';
import { SortableColumn } from './SortableColumn';

type DragState =
  | { type: 'task'; id: string; items: ColumnItems; start: ColumnItems }
  | { type: 'column'; id: string; order: string[] };

const NO_IDS: string[] = [];
const NO_COLUMNS: Record<string, Column> = {};

function isBelow(active: Active, over: Over): boolean {
  const rect = active.rect.current.translated;
  return rect ? rect.top + rect.height / 2 > over.rect.top + over.rect.height / 2 : false;
}

function toTarget(active: Active, over: Over): DropTarget | null {
  const data = dragData(over.data.current);
  if (!data) return null;
  if (data.type === 'task') return { type: 'task', id: data.taskId, below: isBelow(active, over) };
  return { type: data.type, columnId: data.columnId };
}

export type SortableBoardProps = ColumnRenderers & Pick<ColumnProps, 'columnVisibility' | 'shownCards'>;

/** The columns of the board's canvas (DndBoard's), sortable, with the drag overlay. */
export function SortableBoard({ columnVisibility, shownCards, ...renderers }: SortableBoardProps) {
  const store = useBoardStoreApi();
  const columnOrder = useBoardState((state) => state.board?.columnOrder ?? NO_IDS);
  const columns = useBoardState((state) => state.board?.columns ?? NO_COLUMNS);
  const [drag, setDragState] = useState<DragState | null>(null);
  // The handlers read and write the drag synchronously: a drop may come before React re-renders.
  const dragRef = useRef<DragState | null>(null);
  const setDrag = useCallback((next: DragState | null) => {
    dragRef.current = next;
    setDragState(next);
  }, []);
  const setActiveTaskId = useDragStore((state) => state.setActiveTaskId);
  const sensors = useBoardSensors();
  // dnd-kit calls onDragOver and onDragEnd before it asks for their announcement, so the handlers leave
  // the text here and the announcements read it.
  const spoken = useRef('');
  const lastPlace = useRef('');
  const announcements = useMemo<Announcements>(
    () => ({
      onDragStart: () => spoken.current,
      onDragOver: () => spoken.current,
      onDragEnd: () => spoken.current,
      onDragCancel: ({ active }) =>
        dragData(active.data.current)?.type === 'column'
          ? 'Перетаскивание отменено. Колонка осталась на месте.'
          : 'Перетаскивание отменено. Карточка осталась на месте.',
    }),
    [],
  );
  const columnName = useCallback(
    (columnId: string) => store.getState().board?.columns[columnId]?.name ?? '',
    [store],
  );

  const order = drag?.type === 'column' ? drag.order : columnOrder;

  const end = useCallback(() => {
    setDrag(null);
    setActiveTaskId(null);
  }, [setDrag, setActiveTaskId]);

  const onDragStart = ({ active }: DragStartEvent) => {
    const data = dragData(active.data.current);
    const board = store.getState().board;
    if (!data || !board) return;
    if (data.type === 'column') {
      setDrag({ type: 'column', id: data.columnId, order: board.columnOrder });
      lastPlace.current = `${columnPlace(board.columnOrder, data.columnId)}.`;
      spoken.current = `Колонка «${columnName(data.columnId)}» взята. ${lastPlace.current}`;
    } else if (data.type === 'task') {
      const items: ColumnItems = {};
      for (const id of board.columnOrder) items[id] = board.columns[id]?.taskIds ?? [];
      setDrag({ type: 'task', id: data.taskId, items, start: items });
      setActiveTaskId(data.taskId);
      lastPlace.current = `${cardPlace(items, data.taskId, columnName)}.`;
      spoken.current = `Карточка взята. ${lastPlace.current}`;
    }
  };

  const onDragOver = ({ active, over }: DragOverEvent) => {
    const current = dragRef.current;
    const target = over ? toTarget(active, over) : null;
    if (!current) return;
    if (current.type === 'column') {
      const overData = dragData(over?.data.current);
      if (overData?.type !== 'column') {
        spoken.current = 'Вне колонок.';
        return;
      }
      const order = arrayMove(
        current.order,
        current.order.indexOf(current.id),
        current.order.indexOf(overData.columnId),
      );
      const place = `${columnPlace(order, current.id)}.`;
      if (place !== lastPlace.current) spoken.current = place;
      lastPlace.current = place;
      return;
    }
    if (!target) {
      spoken.current = 'Вне колонок.';
      return;
    }
    const items = moveAcross(current.items, current.id, target);
    if (items !== current.items) setDrag({ ...current, items });
    const settled = settleMove(items, current.id, target);
    const place = `${cardPlace(settled?.items ?? items, current.id, columnName)}.`;
    // Over its own place right after the pickup: the pickup text (which names it) stays.
    if (place !== lastPlace.current) spoken.current = place;
    lastPlace.current = place;
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const current = dragRef.current;
    end();
    spoken.current = over ? UNCHANGED : `${UNCHANGED}: отпущено вне колонок.`;
    if (!current || !over) return;
    if (current.type === 'column') {
      const overData = dragData(over.data.current);
      if (overData?.type !== 'column') return;
      const from = current.order.indexOf(current.id);
      const to = current.order.indexOf(overData.columnId);
      if (from >= 0 && to >= 0 && from !== to) {
        const order = arrayMove(current.order, from, to);
        spoken.current = `Колонка опущена. ${columnPlace(order, current.id)}.`;
        void commitColumnOrder(store, order);
      }
      return;
    }
    const target = toTarget(active, over);
    const settled = target ? settleMove(current.items, current.id, target) : null;
    if (settled && !cardUnmoved(current.start, settled.items, current.id)) {
      spoken.current = `Карточка опущена. ${cardPlace(settled.items, current.id, columnName)}.`;
      void commitTaskMove(store, current.id, settled.columnId, settled.items[settled.columnId] ?? []);
    }
  };

  const overlay =
    drag?.type === 'task' ? (
      <div className="bv-drag-card">{renderers.renderCard(drag.id)}</div>
    ) : drag?.type === 'column' ? (
      <div className="bv-drag-column">{renderers.renderColumnHeader(drag.id)}</div>
    ) : null;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={boardCollision}
      measuring={{ droppable: { strategy: MeasuringStrategy.WhileDragging } }}
      accessibility={{ announcements, screenReaderInstructions }}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={end}
    >
      <SortableContext items={order.map(columnKey)} strategy={horizontalListSortingStrategy}>
        {order.map((columnId, index) => (
          <SortableColumn
            key={columnId}
            columnId={columnId}
            index={index}
            taskIds={
              (drag?.type === 'task' ? drag.items[columnId] : undefined) ??
              columns[columnId]?.taskIds ??
              NO_IDS
            }
            columnVisibility={columnVisibility}
            shownCards={shownCards}
            {...renderers}
          />
        ))}
      </SortableContext>
      <DragOverlay>{overlay}</DragOverlay>
    </DndContext>
  );
}
