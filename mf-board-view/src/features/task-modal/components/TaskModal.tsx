import type { TaskDetail } from 'contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button, Spinner, useSubmit } from 'shared-ui';
import { Modal, useConfirmedAction } from 'shared-ui/widgets';
import { useBoard, useReload } from '../../../shared/board-context';
import { EditForm } from '../../../shared/edit-form';
import type { TaskField, TaskForm } from '../model/task-form';
import { useTaskDraft } from '../model/use-task-draft';
import { ConflictPanel } from './ConflictPanel';
import { TaskFields } from './TaskFields';
import './task-modal.css';

const FILES_TITLE_ID = 'bv-task-files-title';
const DELETED_TEXT = 'Задача удалена';

export interface TaskModalProps {
  taskId: string;
  onClose: () => void;
  /** The comments column (the comments feature); `reloadTask` refreshes the detail after a change. */
  renderComments: (task: TaskDetail, reloadTask: () => Promise<void>) => ReactNode;
  /** The 'Файлы' area (the files feature); its heading carries `titleId`. */
  renderFiles: (task: TaskDetail, titleId: string) => ReactNode;
  /**
   * The 'Чек-листы' under the form (the checklists feature); each of its calls answers the task, which
   * `showDetail` puts on screen as the modal's detail; `reloadTask` refreshes it otherwise.
   */
  renderChecklists: (
    task: TaskDetail,
    showDetail: (task: TaskDetail) => void,
    reloadTask: () => Promise<void>,
  ) => ReactNode;
  /** The task's 'История' under the files (the activity feature). */
  renderHistory: (task: TaskDetail) => ReactNode;
  /** The 'Следить' toggle above the comments (the watch feature). */
  renderWatch: (task: TaskDetail) => ReactNode;
}

/**
 * EDIT_TASK (1200px): the task's fields and checklists on the left, comments, files and history on the right. While it is
 * open, others' changes flow into the fields the user has not touched and the comments and files
 * follow; a save that clashes with them asks, per field, whose value to keep (model/draft.ts).
 */
export function TaskModal({
  taskId,
  onClose,
  renderComments,
  renderFiles,
  renderChecklists,
  renderHistory,
  renderWatch,
}: TaskModalProps) {
  const board = useBoard();
  const reloadBoard = useReload();
  const life = useSubmit();
  const { errors } = life;
  const remove = useConfirmedAction({ onError: life.setErrors });
  const task = useTaskDraft(board.id, taskId);
  const { detail, draft, deleted } = task;
  const conflictPanel = useRef<HTMLElement>(null);
  // Bumped by each save that answered with conflicts: the panel then takes the focus.
  const [conflictRound, setConflictRound] = useState(0);

  useEffect(() => {
    if (conflictRound > 0) conflictPanel.current?.focus();
  }, [conflictRound]);

  const set = <K extends TaskField>(key: K, value: TaskForm[K]) => {
    task.edit(key, value);
    life.clearError(key);
    life.edited();
  };

  const onSave = async () => {
    if (deleted) return;
    let outcome = 'saved' as 'saved' | 'conflict';
    const done = await life.submit(
      async () => {
        outcome = await task.save();
      },
      { after: 'default' },
    );
    if (!done) return;
    if (outcome === 'conflict') {
      setConflictRound((round) => round + 1);
      return;
    }
    void reloadBoard();
    onClose();
  };

  const onDelete = async () => {
    const confirm = {
      title: 'Удалить задачу?',
      message: `Задача «${detail?.title ?? ''}» будет удалена вместе с комментариями и файлами.`,
      confirmText: 'Удалить задачу',
    };
    if (await remove.run(confirm, task.remove)) {
      void reloadBoard();
      onClose();
    }
  };

  let body: ReactNode;
  if (!detail || !draft) {
    const failure = deleted ? DELETED_TEXT : task.loadError;
    body = failure ? (
      <div className="bv-task__state" role="alert">
        <p>{failure}</p>
        {!deleted && <Button onClick={() => void task.reloadTask()}>Повторить</Button>}
      </div>
    ) : (
      <div className="bv-task__state">
        <Spinner label="Загрузка задачи…" />
      </div>
    );
  } else {
    body = (
      <div className="bv-task">
        <div className="bv-task__main">
          <EditForm
            className="bv-task__form"
            error={deleted ? DELETED_TEXT : (errors.message ?? errors.taskId)}
            status={deleted ? 'default' : life.status}
            onSave={() => void onSave()}
            deleteStatus={remove.status}
            onDelete={() => void onDelete()}
            disabled={deleted}
          >
            <ConflictPanel
              ref={conflictPanel}
              conflicts={draft.conflicts}
              board={board}
              onChoose={task.choose}
            />
            <TaskFields board={board} form={draft.form} errors={errors} onChange={set} />
          </EditForm>
          {renderChecklists(detail, task.showDetail, task.reloadTask)}
        </div>
        <aside className="bv-task__side">
          {renderWatch(detail)}
          {renderComments(detail, task.reloadTask)}
          <section className="bv-files-area" aria-labelledby={FILES_TITLE_ID} data-area="files">
            {renderFiles(detail, FILES_TITLE_ID)}
          </section>
          {renderHistory(detail)}
        </aside>
      </div>
    );
  }

  return (
    <Modal
      title={detail ? `Задача ${detail.number}` : 'Задача'}
      width={1200}
      onClose={onClose}
      className="bv-task-modal"
    >
      {body}
      {remove.confirmDialog}
    </Modal>
  );
}
