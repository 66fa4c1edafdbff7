import type { TaskDetail } from 'contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorsOf, readDraft, writeDraft } from 'shared-ui';
import { useBoardState } from '../../../shared/board-context';
import { usePublicToken } from '../../../shared/public-board';
import { offerUndo } from '../../../shared/undo';
import { deleteTask } from '../api/delete-task';
import { editTask } from '../api/edit-task';
import { getTask } from '../api/get-task';
import { Autosave, type SaveStatus } from './autosave';
import { conflictsAgainst, isConflictError, readConflict, type SaveConflict } from './conflict';
import {
  type Choice,
  chooseValue,
  type Draft,
  editField,
  followDetail,
  markSaved,
  rebaseOnConflict,
  restoreDraft,
  type StoredDraft,
  startDraft,
  unsavedEdits,
} from './draft';
import { fromForm, type TaskField, type TaskForm } from './task-form';

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** The 409's body as it came: the current task and who changed which field. */
const bodyOf = (error: ApiError): unknown => error.data;

/** Quiet after the last keystroke before an edit is saved (tests that press 'Готово' lengthen it). */
export const autosaveTiming = { delayMs: 700 };

/**
 * One open task: its detail (comments, files and checklists included), the form's draft (draft.ts),
 * and whether the task is gone. The detail is re-fetched whenever the board's copy of the task shows a
 * change (a newer version, another comment or file count, other checklist progress) or leaves the
 * board: a task missing from a filtered board may still exist, so only a 404 counts as deleted. A
 * checklist call answers the whole detail, which `showDetail` puts on screen as it is.
 *
 * Edits save themselves (autosave.ts): each burst shortly after the typing stops, and at once on
 * `flush()` (a field left, the tab hidden, the modal closed: the hook's end flushes too). Until saved,
 * the edits are kept as a draft in localStorage (`task:{board}:{task}`), written with every change,
 * so a reload, a crash or a lost connection keeps them: the task opened again shows them and saves
 * them (draft.ts `restoreDraft`). A failed save is sent again when the connection comes back.
 */
export function useTaskDraft(boardId: number, taskId: string) {
  const boardTask = useBoardState((state) => state.board?.tasks[taskId]);
  const publicToken = usePublicToken();
  const [detail, setDetail] = useState<TaskDetail | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  // Once a 404 said so, for good: a late answer of an older request does not bring the task back.
  const [deleted, setDeleted] = useState(false);
  // The draft without waiting for a render, so a save right after a 409 sends the rebased form.
  const current = useRef<Draft | null>(null);
  // Only the answer of the latest fetch is applied; an older one arriving late is dropped.
  const latest = useRef(0);
  // Our own deletion in progress: the 404 it causes is not news.
  const removing = useRef(false);
  const [saveStatus, setSaveStatus] = useState<SaveStatus>('saved');
  const [saveError, setSaveError] = useState<unknown>(null);
  const storeKey = `task:${boardId}:${taskId}`;

  // Every change of the draft is kept (or discarded) in the same step, so no edit waits for a render.
  const update = useCallback(
    (change: (draft: Draft | null) => Draft | null) => {
      current.current = change(current.current);
      if (current.current) writeDraft<StoredDraft>(storeKey, unsavedEdits(current.current));
      setDraft(current.current);
    },
    [storeKey],
  );

  const autosave = useRef<Autosave | null>(null);

  const showDetail = useCallback(
    (next: TaskDetail) => {
      latest.current += 1;
      setDetail(next);
      setLoadError(null);
      const first = current.current === null;
      update((draft) => {
        if (draft) return followDetail(draft, next);
        const kept = readDraft<StoredDraft>(storeKey);
        return kept ? restoreDraft(next, kept) : startDraft(next);
      });
      // Edits kept from an earlier visit are saved as soon as the task is there.
      if (first && (current.current?.touched.length ?? 0) > 0) {
        autosave.current?.changed();
        void autosave.current?.flush();
      }
    },
    [update, storeKey],
  );

  const reloadTask = useCallback(async () => {
    const request = ++latest.current;
    try {
      const next = await getTask(boardId, taskId, publicToken);
      if (request === latest.current) showDetail(next);
    } catch (error) {
      if (request !== latest.current || removing.current) return;
      if (isNotFound(error)) setDeleted(true);
      else setLoadError(errorsOf(error).message ?? 'Не удалось загрузить задачу.');
    }
  }, [boardId, taskId, publicToken, showDetail]);

  const change = boardTask
    ? [
        boardTask.version,
        boardTask.commentsCount,
        boardTask.filesCount,
        boardTask.columnId,
        boardTask.checklist.done,
        boardTask.checklist.total,
      ].join(':')
    : 'absent';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the board's copy of the task is the trigger
  useEffect(() => {
    void reloadTask();
  }, [reloadTask, change]);

  /** The 409's task and conflicts; without its body, the current task and the fields both changed. */
  const conflictOf = async (error: ApiError, sent: Draft): Promise<SaveConflict> => {
    const known = readConflict(bodyOf(error));
    if (known) return known;
    const task = await getTask(boardId, taskId);
    return { task, conflicts: conflictsAgainst(sent.base, sent.form, task) };
  };

  /**
   * Sends the form with its version. A 409 rebases the draft on the current task and resolves
   * 'conflict' when a field needs the user's choice; when none does (only fields the user left alone
   * clashed) the save is sent once more. Any other failure rejects (a 404 also marks the task deleted).
   */
  const save = async (): Promise<'saved' | 'conflict'> => {
    for (let attempt = 0; ; attempt += 1) {
      const sent = current.current;
      if (!sent) throw new Error('useTaskDraft: save before the task loaded');
      if (sent.touched.length === 0) return 'saved';
      try {
        const saved = await editTask({
          boardId,
          taskId,
          ...fromForm(sent.form, sent.base),
          version: sent.version,
        });
        update((draft) => draft && markSaved(draft, sent.form, saved));
        return 'saved';
      } catch (error) {
        if (isNotFound(error)) {
          setDeleted(true);
          writeDraft(storeKey, null);
        }
        if (!isConflictError(error)) throw error;
        const { task, conflicts } = await conflictOf(error, sent).catch((failure: unknown) => {
          if (isNotFound(failure)) setDeleted(true);
          throw failure;
        });
        latest.current += 1;
        setDetail(task);
        update((draft) => draft && rebaseOnConflict(draft, task, conflicts));
        if ((current.current?.conflicts.length ?? 0) > 0) return 'conflict';
        if (attempt > 0) throw error;
      }
    }
  };

  // The queue calls the latest `save` (it closes over this render's ids).
  const saveRef = useRef(save);
  saveRef.current = save;
  if (!autosave.current) {
    autosave.current = new Autosave({
      delayMs: autosaveTiming.delayMs,
      send: () => saveRef.current(),
      onStatus: (status, error) => {
        setSaveStatus(status);
        setSaveError(status === 'failed' ? error : null);
      },
    });
  }
  const queue = autosave.current;

  // Whatever waits is saved when the modal closes or the page hides; a failed save goes again once
  // the connection is back.
  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') void queue.flush();
    };
    const onOnline = () => void queue.retry();
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onHidden);
    window.addEventListener('online', onOnline);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onHidden);
      window.removeEventListener('online', onOnline);
      if (!removing.current) void queue.flush().catch(() => {});
      queue.dispose();
    };
  }, [queue]);

  const remove = async () => {
    removing.current = true;
    queue.dispose();
    try {
      await deleteTask(boardId, taskId);
    } catch (error) {
      removing.current = false;
      throw error;
    }
    writeDraft(storeKey, null);
    offerUndo({ boardId, kind: 'task', id: taskId, message: 'Задача удалена' });
  };

  return {
    detail,
    draft,
    deleted,
    loadError,
    reloadTask,
    showDetail,
    saveStatus,
    saveError,
    /** Saves now what waits: 'saved', 'conflict' (choices wait for `done`) or 'failed'. */
    flush: () => queue.flush(),
    /** 'Готово': saves what waits, a conflict's choices too. */
    done: () => queue.flush({ resolve: true }),
    retry: () => queue.retry(),
    remove,
    edit: <K extends TaskField>(field: K, value: TaskForm[K]) => {
      update((draft) => draft && editField(draft, field, value));
      queue.changed();
    },
    choose: (field: TaskField, choice: Choice) =>
      update((draft) => draft && chooseValue(draft, field, choice)),
  };
}
