import { memo, useCallback, useRef } from 'react';
import { AddCardForm } from '../features/cards/components/AddCardForm';
import { TaskCard } from '../features/cards/components/TaskCard';
import { ColumnHeader } from '../features/columns/components/ColumnHeader';
import { CreateColumn } from '../features/columns/components/CreateColumn';
import type { CardHandleProps } from '../features/dnd/components/CardSlot';
import { DndBoard } from '../features/dnd/components/DndBoard';
import { useBoardState } from '../shared/board-context';
import { useBoardNavigation } from '../shared/navigation';

/**
 * Columns and cards: the dnd feature lays them out, the columns and cards features draw them. Memoised:
 * the page around it re-renders (its overlays arriving once the board has settled) without it.
 */
export const BoardCanvas = memo(function BoardCanvas() {
  const boardId = useBoardState((state) => state.board?.id ?? 0);
  const { openTask } = useBoardNavigation(boardId);
  const endRef = useRef<HTMLDivElement>(null);

  const renderCard = useCallback(
    (taskId: string, handle?: CardHandleProps) => (
      <TaskCard taskId={taskId} onOpen={openTask} handle={handle} />
    ),
    [openTask],
  );
  const renderColumnHeader = useCallback((columnId: string) => <ColumnHeader columnId={columnId} />, []);
  const renderColumnFooter = useCallback(
    (columnId: string, scrollToBottom: () => void) => (
      <AddCardForm columnId={columnId} onCreated={scrollToBottom} />
    ),
    [],
  );

  return (
    <DndBoard
      renderCard={renderCard}
      renderColumnHeader={renderColumnHeader}
      renderColumnFooter={renderColumnFooter}
      after={
        <div ref={endRef} className="bv-canvas__end">
          <CreateColumn
            onCreated={() => endRef.current?.scrollIntoView({ behavior: 'smooth', inline: 'end' })}
          />
        </div>
      }
    />
  );
});
