import type { TaskDetail } from 'contract';
import { useCallback, useMemo, useRef, useState } from 'react';
import { errorsOf } from 'shared-ui';
import { applyPending, type PendingChange } from './pending';

const FAILED = 'Не удалось сохранить чек-лист';

/** The message of a failed call: the server's general message, its first field error, or ours. */
export const messageOf = (error: unknown): string => {
  const body = errorsOf(error);
  return body.message ?? Object.values(body)[0] ?? FAILED;
};

/**
 * A task's checklists while the user works on them. Each call answers the whole task, which goes to
 * `onDetail` (the modal's detail). Calls run one after another, so each answer is at least as new as
 * the one before it; a tick, an assignee or a drag shows at once (pending.ts) until its answer lands,
 * and is undone, with a message, if the call fails.
 */
export function useChecklists(task: TaskDetail, onDetail: (task: TaskDetail) => void) {
  const [pending, setPending] = useState<{ key: number; change: PendingChange }[]>([]);
  const [error, setError] = useState<string | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const nextKey = useRef(0);
  const showDetail = useRef(onDetail);
  showDetail.current = onDetail;

  const lists = useMemo(
    () =>
      applyPending(
        task.checklists,
        pending.map((item) => item.change),
      ),
    [task.checklists, pending],
  );

  /**
   * Runs `call` after the calls before it, then `onAnswer` with its answer in the same step as the
   * pending change leaves (no flash of the old state); rejects with the call's failure.
   */
  const run = useCallback(
    <T>(call: () => Promise<T>, change: PendingChange | undefined, onAnswer: (answer: T) => void) => {
      const key = nextKey.current++;
      if (change) setPending((current) => [...current, { key, change }]);
      const drop = () => setPending((current) => current.filter((item) => item.key !== key));
      const job = queue.current.then(call).then(
        (answer) => {
          onAnswer(answer);
          drop();
          return answer;
        },
        (failure: unknown) => {
          drop();
          throw failure;
        },
      );
      queue.current = job.catch(() => undefined);
      return job;
    },
    [],
  );

  /** A call answering the task: its answer is shown; a failure rejects (a form shows it). */
  const save = useCallback(
    async (call: () => Promise<TaskDetail>, change?: PendingChange) => {
      await run(call, change, (answer) => {
        showDetail.current(answer);
        setError(null);
      });
    },
    [run],
  );

  /** A call that does not answer the task (the conversion), in the same line as the others. */
  const enqueue = useCallback(<T>(call: () => Promise<T>) => run(call, undefined, () => undefined), [run]);

  /** A call with no form of its own: a failure shows as the checklists' message. */
  const fire = useCallback(
    (call: () => Promise<TaskDetail>, change?: PendingChange) =>
      save(call, change).catch((failure: unknown) => setError(messageOf(failure))),
    [save],
  );

  return { lists, error, setError, enqueue, save, fire };
}

export type ChecklistsModel = ReturnType<typeof useChecklists>;
