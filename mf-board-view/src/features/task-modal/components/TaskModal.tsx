import type { TaskDetail } from 'contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button, errorsOf, Spinner, useSubmit } from 'shared-ui';
import { Modal, useConfirmedAction } from 'shared-ui/widgets';
import { setArchived } from '../../../shared/archive';
import { useBoard, useReload } from '../../../shared/board-context';
import { CopyTaskLink } from '../../../shared/CopyTaskLink';
import { EditForm } from '../../../shared/edit-form';
import { useDenied } from '../../../shared/roles';
import { offerUndo } from '../../../shared/undo';
import type { TaskField, TaskForm } from '../model/task-form';
import { useTaskDraft } from '../model/use-task-draft';
import { ConflictPanel } from './ConflictPanel';
import { SaveState } from './SaveState';
import { TaskFields } from './TaskFields';
import './task-modal.css';
import { useReportOpenTask } from '../../../shared/presence';
import { AlsoOpen } from '../../../shared/presence-avatars';

const FILES_TITLE_ID = 'bv-task-files-title';
const LOCK_NOTE_ID = 'bv-task-lock-note';
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
  /**
   * 'Копировать карточку' and 'Переместить на доску' beside the link (the copy feature): `flush` saves
   * what waits first, `close` closes the modal once the card has left the board.
   */
  renderCopy: (task: TaskDetail, actions: { flush: () => Promise<unknown>; close: () => void }) => ReactNode;
}

/**
 * EDIT_TASK (1200px): the task's fields and checklists on the left, comments, files and history on the right. While it is
 * open, others' changes flow into the fields the user has not touched and the comments and files
 * follow; a save that clashes with them asks, per field, whose value to keep (model/draft.ts).
 * Each edit saves itself (model/use-task-draft.ts), and the header says whether all is saved;
 * 'Готово' saves what waits and closes, and any other way out (Escape, the backdrop, ✖, Back) keeps
 * what is not saved yet as a draft that the next visit saves. A role that only reads (a commenter, a
 * viewer) sees the fields read-only, described by a note saying why, and no 'Удалить' or 'В архив';
 * the role is the live board's, so a change of it unlocks or locks the form at once.
 */
export function TaskModal({
  taskId,
  onClose,
  renderComments,
  renderFiles,
  renderChecklists,
  renderHistory,
  renderWatch,
  renderCopy,
}: TaskModalProps) {
  const board = useBoard();
  const reloadBoard = useReload();
  const life = useSubmit();
  const archive = useSubmit();
  const { errors } = life;
  const remove = useConfirmedAction({ onError: life.setErrors });
  const denied = useDenied('edit');
  const task = useTaskDraft(board.id, taskId);
  useReportOpenTask(board.id, taskId);
  const { detail, draft, deleted } = task;
  const conflictPanel = useRef<HTMLElement>(null);
  // Bumped by each save that answered with conflicts: the panel then takes the focus.
  const [conflictRound, setConflictRound] = useState(0);

  useEffect(() => {
    if (conflictRound > 0) conflictPanel.current?.focus();
  }, [conflictRound]);

  const { saveStatus, saveError } = task;
  const { setErrors } = life;
  // A failed save names its fields (a 400) or says what went wrong; the next save clears them.
  useEffect(() => {
    if (saveStatus === 'failed') setErrors(errorsOf(saveError));
    else if (saveStatus === 'saved') setErrors({});
  }, [saveStatus, saveError, setErrors]);
  // After each save the board catches up (its socket's echo usually has already); a conflict focuses
  // its panel.
  const lastStatus = useRef(saveStatus);
  useEffect(() => {
    const before = lastStatus.current;
    lastStatus.current = saveStatus;
    if (saveStatus === 'conflict') setConflictRound((round) => round + 1);
    if (saveStatus === 'saved' && before === 'saving') void reloadBoard();
  }, [saveStatus, reloadBoard]);

  const set = <K extends TaskField>(key: K, value: TaskForm[K]) => {
    task.edit(key, value);
    life.clearError(key);
  };

  const onDone = async () => {
    if (deleted) return onClose();
    if ((await task.done()) === 'saved') onClose();
  };

  const onDelete = async () => {
    const confirm = {
      title: 'Удалить задачу?',
      message: `Задача попадёт в корзину на 30 дней: «${detail?.title ?? ''}» можно будет вернуть оттуда вместе с комментариями и файлами.`,
      confirmText: 'Удалить задачу',
    };
    if (await remove.run(confirm, task.remove)) {
      void reloadBoard();
      onClose();
    }
  };

  // 'В архив': what was typed is saved first, then the card leaves the board; 'Отменить' brings it back.
  const onArchive = async () => {
    const archived = await archive.submit(async () => {
      await task.flush();
      await setArchived(board.id, 'task', taskId, true);
      offerUndo({
        boardId: board.id,
        kind: 'task',
        id: taskId,
        message: 'Задача в архиве',
        undo: () => setArchived(board.id, 'task', taskId, false),
      });
    });
    if (archived) {
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
          <div className="bv-task__status">
            <SaveState status={saveStatus} deleted={deleted} onRetry={() => void task.retry()} />
            <div className="bv-task__tools">
              {!deleted && renderCopy(detail, { flush: task.flush, close: onClose })}
              <CopyTaskLink boardId={board.id} taskId={detail.id} taskNumber={detail.number} labelled />
            </div>
          </div>
          <AlsoOpen taskId={detail.id} />
          {denied && (
            <p className="bv-task__locked" id={LOCK_NOTE_ID}>
              {denied}
            </p>
          )}
          <EditForm
            className="bv-task__form"
            error={deleted ? DELETED_TEXT : (errors.message ?? errors.taskId ?? archive.errors.message)}
            // Never busy: leaving a field saves it, and a button turned busy by that would lose the
            // click that left the field (SaveState says how the saving goes).
            status="default"
            saveText="Готово"
            onSave={() => void onDone()}
            deleteStatus={remove.status}
            onDelete={() => void onDelete()}
            archiveStatus={archive.status}
            onArchive={() => void onArchive()}
            disabled={deleted}
            readOnly={denied !== null}
          >
            <ConflictPanel
              ref={conflictPanel}
              conflicts={draft.conflicts}
              board={board}
              onChoose={task.choose}
            />
            <TaskFields
              board={board}
              form={draft.form}
              errors={errors}
              onChange={set}
              onLeave={() => void task.flush()}
              lockedBy={denied ? LOCK_NOTE_ID : undefined}
            />
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
