import { render } from '@testing-library/react';
import type { ComponentType, ReactNode } from 'react';
import type { CardHandleProps } from '../features/dnd/components/CardSlot';
import type { DndBoardProps } from '../features/dnd/components/DndBoard';
import type { BoardStore } from '../shared/board-store';

/** The modules to render with: a test that loads them afresh (vi.resetModules) passes its own. */
interface DndBoardModules {
  DndBoard: ComponentType<DndBoardProps>;
  BoardStoreProvider: ComponentType<{ store: BoardStore; children: ReactNode }>;
}

/** DndBoard alone, on `store`: each card a link with the task's title (the drag handle), each column a heading. */
export function renderDndBoard({ DndBoard, BoardStoreProvider }: DndBoardModules, store: BoardStore) {
  return render(
    <BoardStoreProvider store={store}>
      <DndBoard
        renderCard={(taskId: string, handle?: CardHandleProps) => (
          <article data-task-id={taskId}>
            <a href={`#${taskId}`} {...handle}>
              {store.getState().board?.tasks[taskId]?.title}
            </a>
          </article>
        )}
        renderColumnHeader={(columnId) => <h2>{store.getState().board?.columns[columnId]?.name}</h2>}
        renderColumnFooter={() => null}
      />
    </BoardStoreProvider>,
  );
}
