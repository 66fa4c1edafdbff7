/**
 * Drag and drop of the board (@dnd-kit). Cards move within and between columns, columns reorder.
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
import type { Column } from 'api/contract';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useBoardState, useBoardStoreApi } from '../../../shared/board-context';
import { boardCollision } from '../model/collision';
import { createColumnVisibility } from '../model/column-visibility';
import { commitColumnOrder, commitTaskMove } from '../model/commit';
import { useDragStore } from '../model/drag-store';
import { columnKey, dragData } from '../model/ids';
import { type ColumnItems, type DropTarget, moveAcross, settleMove } from '../model/move';
import { useBoardSensors } from '../model/sensors';
import { type ColumnRenderers, SortableColumn } from './SortableColumn';
import './dnd.css';

type DragState =
  | { type: 'task'; id: string; items: ColumnItems }
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

const announcements: Announcements = {
  onDragStart: ({ active }) =>
    dragData(active.data.current)?.type === 'column' ? 'Колонка взята.' : 'Карточка взята.',
  onDragOver: ({ over }) => {
    const data = dragData(over?.data.current);
    if (!data) return 'Вне колонок.';
    if (data.type === 'top') return 'В начало колонки.';
    if (data.type === 'bottom') return 'В конец колонки.';
    return data.type === 'task' ? 'Над карточкой.' : 'Над колонкой.';
  },
  onDragEnd: ({ over }) => (over ? 'Перемещено.' : 'Отпущено вне колонок: ничего не изменилось.'),
  onDragCancel: () => 'Перетаскивание отменено.',
};

const screenReaderInstructions = {
  draggable:
    'Пробел берёт карточку или колонку, стрелки двигают её, пробел или Enter опускают, Escape отменяет. Enter на карточке открывает её.',
};

export interface DndBoardProps extends ColumnRenderers {
  /** Rendered after the last column ('Создать новую колонку'). */
  after?: ReactNode;
}

export function DndBoard({ after, ...renderers }: DndBoardProps) {
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
  const [columnVisibility] = useState(createColumnVisibility);
  useEffect(() => () => columnVisibility.disconnect(), [columnVisibility]);

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
    } else if (data.type === 'task') {
      const items: ColumnItems = {};
      for (const id of board.columnOrder) items[id] = board.columns[id]?.taskIds ?? [];
      setDrag({ type: 'task', id: data.taskId, items });
      setActiveTaskId(data.taskId);
    }
  };

  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (!over) return;
    const target = toTarget(active, over);
    if (!target) return;
    const current = dragRef.current;
    if (current?.type !== 'task') return;
    const items = moveAcross(current.items, current.id, target);
    if (items !== current.items) setDrag({ ...current, items });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const current = dragRef.current;
    end();
    if (!current || !over) return;
    if (current.type === 'column') {
      const overData = dragData(over.data.current);
      if (overData?.type !== 'column') return;
      const from = current.order.indexOf(current.id);
      const to = current.order.indexOf(overData.columnId);
      if (from >= 0 && to >= 0 && from !== to)
        void commitColumnOrder(store, arrayMove(current.order, from, to));
      return;
    }
    const target = toTarget(active, over);
    const settled = target ? settleMove(current.items, current.id, target) : null;
    if (settled) {
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
      <div className="bv-canvas">
        <SortableContext items={order.map(columnKey)} strategy={horizontalListSortingStrategy}>
          {order.map((columnId) => (
            <SortableColumn
              key={columnId}
              columnId={columnId}
              taskIds={
                (drag?.type === 'task' ? drag.items[columnId] : undefined) ??
                columns[columnId]?.taskIds ??
                NO_IDS
              }
              columnVisibility={columnVisibility}
              {...renderers}
            />
          ))}
        </SortableContext>
        {after}
      </div>
      <DragOverlay>{overlay}</DragOverlay>
    </DndContext>
  );
}
