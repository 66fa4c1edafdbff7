import type { TaskDetail } from 'contract';
import { useCallback, useEffect } from 'react';
import { MODALS, useModalStore } from 'shared-ui';
import { TaskHistory } from '../features/activity/components/TaskHistory';
import { Checklists } from '../features/checklists/components/Checklists';
import { CommentsPanel } from '../features/comments/components/CommentsPanel';
import { TaskCopyActions } from '../features/copy/components/TaskCopyActions';
import { TaskFiles } from '../features/files/components/TaskFiles';
import { TaskModal } from '../features/task-modal/components/TaskModal';
import { TaskNotFound } from '../features/task-modal/components/TaskNotFound';
import { HISTORY_FIELD_LABELS } from '../features/task-modal/model/task-form';
import { WatchToggle } from '../features/watch/components/WatchToggle';
import { useBoardState, useReload } from '../shared/board-context';
import { useBoardNavigation } from '../shared/navigation';
import { usePublicToken } from '../shared/public-board';
import { useTaskIdByNumber } from './task-by-number';

/**
 * /board/:boardId/task/:taskNumber: the EDIT_TASK modal over the board, for the task with that number
 * on the board (task-by-number.ts). The URL is the source of truth; the current-modal store mirrors it,
 * and closing (Escape, backdrop, ✖, save, delete) goes back to the board with the same query string.
 * Under a public link, /p/:token/task/:taskNumber, read-only and without history, 'Следить', copy or move.
 */
export function TaskRoute({ taskNumber }: { taskNumber: string }) {
  const boardId = useBoardState((state) => state.board?.id ?? 0);
  const reloadBoard = useReload();
  const { toBoard, openTask } = useBoardNavigation(boardId);
  const taskId = useTaskIdByNumber(taskNumber);
  // A public link's reader gets no history (the activity is the members') and nothing to watch.
  const reader = usePublicToken() !== null;

  useEffect(() => {
    useModalStore.getState().open(MODALS.EDIT_TASK, { taskNumber, taskId });
    return () => {
      if (useModalStore.getState().modal === MODALS.EDIT_TASK) useModalStore.getState().close();
    };
  }, [taskNumber, taskId]);

  const renderComments = useCallback(
    (task: TaskDetail, reloadTask: () => Promise<void>) => (
      // The card's comment count lives on the board: refresh both (the board once it shows the change).
      <CommentsPanel
        taskId={task.id}
        comments={task.comments}
        onChanged={() => Promise.all([reloadTask(), reloadBoard()]).then(() => undefined)}
      />
    ),
    [reloadBoard],
  );

  const renderFiles = useCallback(
    (task: TaskDetail, titleId: string) => (
      <TaskFiles boardId={boardId} taskId={task.id} files={task.files} titleId={titleId} />
    ),
    [boardId],
  );

  const renderChecklists = useCallback(
    (task: TaskDetail, showDetail: (task: TaskDetail) => void, reloadTask: () => Promise<void>) => (
      // Each answer is the task; the card's progress follows from the board's echo.
      <Checklists
        task={task}
        onDetail={(next) => {
          showDetail(next);
          void reloadBoard();
        }}
        onConverted={() => Promise.all([reloadTask(), reloadBoard()]).then(() => undefined)}
        onOpenTask={openTask}
      />
    ),
    [reloadBoard, openTask],
  );

  const renderHistory = useCallback(
    (task: TaskDetail) =>
      reader ? null : <TaskHistory taskId={task.id} fieldLabels={HISTORY_FIELD_LABELS} />,
    [reader],
  );

  const renderWatch = useCallback(
    (task: TaskDetail) =>
      reader ? null : <WatchToggle boardId={boardId} taskId={task.id} watching={task.watching ?? false} />,
    [boardId, reader],
  );

  const renderCopy = useCallback(
    (task: TaskDetail, actions: { flush: () => Promise<unknown>; close: () => void }) =>
      reader ? null : <TaskCopyActions task={task} flush={actions.flush} onMoved={actions.close} />,
    [reader],
  );

  if (!taskId)
    return <TaskNotFound taskNumber={taskNumber} looking={taskId === undefined} onClose={toBoard} />;
  return (
    <TaskModal
      key={taskId}
      taskId={taskId}
      onClose={toBoard}
      renderComments={renderComments}
      renderFiles={renderFiles}
      renderChecklists={renderChecklists}
      renderHistory={renderHistory}
      renderWatch={renderWatch}
      renderCopy={renderCopy}
    />
  );
}
