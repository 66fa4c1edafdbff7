import type { PriorityValue, TaskDetail } from 'api/contract';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import {
  ApiError,
  Button,
  errorsOf,
  Modal,
  MultiSelect,
  Select,
  Spinner,
  TextArea,
  TextField,
  useConfirmedAction,
  useSubmit,
} from 'shared-ui';
import { useBoard, useBoardState, useReload } from '../../../shared/board-context';
import { EditForm } from '../../../shared/edit-form';
import { activeMembers, memberLabel } from '../../../shared/members';
import { deleteTask } from '../api/delete-task';
import { editTask } from '../api/edit-task';
import { getTask } from '../api/get-task';
import './task-modal.css';

interface TaskForm {
  title: string;
  description: string;
  columnId: string;
  labels: string[];
  priority: string;
  assignees: string[];
  estimation: string;
}

const toForm = (task: TaskDetail): TaskForm => ({
  title: task.title,
  description: task.description,
  columnId: task.columnId,
  labels: task.labels.map(String),
  priority: task.priority ?? '',
  assignees: task.assignees.map(String),
  estimation: task.estimation,
});

const FILES_TITLE_ID = 'bv-task-files-title';

export interface TaskModalProps {
  taskId: string;
  onClose: () => void;
  /** The comments column (the comments feature); `reloadTask` refreshes the detail after a change. */
  renderComments: (task: TaskDetail, reloadTask: () => Promise<void>) => ReactNode;
  /** The 'Файлы' area (the files feature); its heading carries `titleId`. */
  renderFiles: (task: TaskDetail, titleId: string) => ReactNode;
}

/** EDIT_TASK (1200px): the task's fields on the left, comments and files on the right. */
export function TaskModal({ taskId, onClose, renderComments, renderFiles }: TaskModalProps) {
  const board = useBoard();
  const reloadBoard = useReload();
  // The board's copy of the task changes when someone else edits it (or adds a comment): refetch.
  const boardTask = useBoardState((state) => state.board?.tasks[taskId]);
  const life = useSubmit();
  const { errors } = life;
  const remove = useConfirmedAction({ onError: life.setErrors });
  const [task, setTask] = useState<TaskDetail | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [form, setForm] = useState<TaskForm | null>(null);
  const deleted = useRef(false);

  const reloadTask = useCallback(async () => {
    try {
      const detail = await getTask(board.id, taskId);
      setTask(detail);
      // The form starts from the first answer; later answers refresh comments and files only.
      setForm((current) => current ?? toForm(detail));
      setLoadError(null);
    } catch (error) {
      if (deleted.current) return;
      setLoadError(
        error instanceof ApiError && error.status === 404
          ? 'Задача не найдена: возможно, её удалили.'
          : (errorsOf(error).message ?? 'Не удалось загрузить задачу.'),
      );
    }
  }, [board.id, taskId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: boardTask is the trigger
  useEffect(() => {
    void reloadTask();
  }, [reloadTask, boardTask]);

  const set = <K extends keyof TaskForm>(key: K, value: TaskForm[K]) => {
    setForm((current) => (current ? { ...current, [key]: value } : current));
    life.clearError(key);
    life.edited();
  };

  const onSave = async () => {
    if (!form) return;
    const saved = await life.submit(() =>
      editTask({
        boardId: board.id,
        taskId,
        title: form.title,
        description: form.description,
        columnId: form.columnId,
        estimation: form.estimation,
        priority: (form.priority || null) as PriorityValue | null,
        assignees: form.assignees.map(Number),
        labels: form.labels.map(Number),
      }),
    );
    if (saved) {
      void reloadBoard();
      onClose();
    }
  };

  const onDelete = async () => {
    const confirm = {
      title: 'Удалить задачу?',
      message: `Задача «${task?.title ?? ''}» будет удалена вместе с комментариями и файлами.`,
      confirmText: 'Удалить задачу',
    };
    const done = await remove.run(confirm, async () => {
      // A reload that answers 404 meanwhile is this deletion, not an error to show.
      deleted.current = true;
      try {
        await deleteTask(board.id, taskId);
      } catch (error) {
        deleted.current = false;
        throw error;
      }
    });
    if (done) {
      void reloadBoard();
      onClose();
    }
  };

  const members = activeMembers(board);
  // Someone assigned earlier who has left stays selectable to be removed, named as before.
  const assigneeOptions = [
    ...members,
    ...board.members.filter(
      (member) => !members.includes(member) && form?.assignees.includes(String(member.id)),
    ),
  ].map((member) => ({
    value: String(member.id),
    label: memberLabel(member),
    disabled: !members.includes(member) && !form?.assignees.includes(String(member.id)),
  }));

  let body: ReactNode;
  if (loadError && !task) {
    body = (
      <div className="bv-task__state" role="alert">
        <p>{loadError}</p>
        <Button onClick={() => void reloadTask()}>Повторить</Button>
      </div>
    );
  } else if (!task || !form) {
    body = (
      <div className="bv-task__state">
        <Spinner label="Загрузка задачи…" />
      </div>
    );
  } else {
    body = (
      <div className="bv-task">
        <EditForm
          className="bv-task__form"
          error={errors.message ?? errors.taskId}
          status={life.status}
          onSave={() => void onSave()}
          deleteStatus={remove.status}
          onDelete={() => void onDelete()}
        >
          <TextField
            label="Название"
            name="title"
            value={form.title}
            maxLength={500}
            error={errors.title}
            onChange={(event) => set('title', event.target.value)}
          />
          <TextArea
            label="Описание"
            name="description"
            rows={8}
            maxLength={20000}
            value={form.description}
            error={errors.description}
            placeholder="Добавьте подробности, ссылки, критерии готовности…"
            onChange={(event) => set('description', event.target.value)}
          />
          <div className="bv-task__grid">
            <Select
              label="Колонка"
              name="columnId"
              value={form.columnId}
              error={errors.columnId}
              options={board.columnOrder.map((id) => ({ value: id, label: board.columns[id]?.name ?? id }))}
              onChange={(event) => set('columnId', event.target.value)}
            />
            <Select
              label="Приоритет"
              name="priority"
              value={form.priority}
              error={errors.priority}
              options={[
                { value: '', label: 'Не задан' },
                ...board.priorities.map((item) => ({ value: item.value, label: item.label })),
              ]}
              onChange={(event) => set('priority', event.target.value)}
            />
            <TextField
              label="Оценка"
              name="estimation"
              inputMode="decimal"
              maxLength={8}
              placeholder="Например, 3"
              value={form.estimation}
              error={errors.estimation}
              onChange={(event) => set('estimation', event.target.value)}
            />
          </div>
          <MultiSelect
            label="Метки"
            name="labels"
            value={form.labels}
            error={errors.labels}
            emptyText="На доске пока нет меток"
            options={board.labels.map((label) => ({
              value: String(label.id),
              label: label.title,
              color: label.color,
            }))}
            onChange={(value) => set('labels', value)}
          />
          <MultiSelect
            label="Исполнители"
            name="assignees"
            value={form.assignees}
            error={errors.assignees}
            options={assigneeOptions}
            onChange={(value) => set('assignees', value)}
          />
        </EditForm>
        <aside className="bv-task__side">
          {renderComments(task, reloadTask)}
          <section className="bv-files-area" aria-labelledby={FILES_TITLE_ID} data-area="files">
            {renderFiles(task, FILES_TITLE_ID)}
          </section>
        </aside>
      </div>
    );
  }

  return (
    <Modal
      title={task ? `Задача ${task.number}` : 'Задача'}
      width={1200}
      onClose={onClose}
      className="bv-task-modal"
    >
      {body}
      {remove.confirmDialog}
    </Modal>
  );
}
