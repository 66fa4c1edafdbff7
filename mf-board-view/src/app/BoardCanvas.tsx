import { memo, useCallback, useRef } from 'react';
import { AddCardForm } from '../features/cards/components/AddCardForm';
import { TaskCard } from '../features/cards/components/TaskCard';
import { ColumnHeader } from '../features/columns/components/ColumnHeader';
import { CreateColumn } from '../features/columns/components/CreateColumn';
import type { CardHandleProps } from '../features/dnd/components/CardSlot';
import { DndBoard } from '../features/dnd/components/DndBoard';
import { useBoardState } from '../shared/board-context';
import { useBoardNavigation } from '../shared/navigation';
import { useCan } from '../shared/roles';

/**
 * Columns and cards: the dnd feature lays them out, the columns and cards features draw them. Memoised:
 * the page around it re-renders (its overlays arriving once the board has settled) without it. A role
 * that may not edit gets no add-card forms and no 'Создать новую колонку' (and, from DndBoard, no
 * drag and drop); they come and go with the live board's role.
 */
export const BoardCanvas = memo(function BoardCanvas() {
  const boardId = useBoardState((state) => state.board?.id ?? 0);
  const { openTask } = useBoardNavigation(boardId);
  const endRef = useRef<HTMLDivElement>(null);
  const canEdit = useCan('edit');

  const renderCard = useCallback(
    (taskId: string, handle?: CardHandleProps) => (
      <TaskCard taskId={taskId} onOpen={openTask} handle={handle} />
    ),
    [openTask],
  );
  const renderColumnHeader = useCallback((columnId: string) => <ColumnHeader columnId={columnId} />, []);
  const renderColumnFooter = useCallback(
    (columnId: string, scrollToBottom: () => void) =>
      canEdit ? <AddCardForm columnId={columnId} onCreated={scrollToBottom} /> : null,
    [canEdit],
  );

  return (
    <DndBoard
      renderCard={renderCard}
      renderColumnHeader={renderColumnHeader}
      renderColumnFooter={renderColumnFooter}
      after={
        <div ref={endRef} className="bv-canvas__end">
          {canEdit && (
            <CreateColumn
              onCreated={() => endRef.current?.scrollIntoView({ behavior: 'smooth', inline: 'end' })}
            />
          )}
        </div>
      }
    />
  );
});
