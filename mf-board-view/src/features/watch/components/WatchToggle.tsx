import { useEffect, useId, useRef, useState } from 'react';
import { errorsOf } from 'shared-ui';
import { watchTask } from '../api/watch-task';
import './watch.css';

export interface WatchToggleProps {
  boardId: number;
  taskId: string;
  /** As the task's detail says (TaskDetail.watching). */
  watching: boolean;
}

const HINT = 'Уведомлять о комментариях, переносах и сроках';

/**
 * 'Следить' / 'Вы следите': shows the new state at once, and goes back to the old one with a message
 * if the server refuses. A newer detail (e.g. after the user's own comment made them a watcher) wins
 * unless a change of the user's is still on its way.
 */
export function WatchToggle({ boardId, taskId, watching }: WatchToggleProps) {
  const hintId = useId();
  const [shown, setShown] = useState(watching);
  const [error, setError] = useState<string | null>(null);
  // The latest click: only its answer counts.
  const request = useRef(0);
  const pending = useRef(false);

  useEffect(() => {
    if (!pending.current) setShown(watching);
  }, [watching]);

  const toggle = async () => {
    const before = shown;
    const next = !shown;
    const id = ++request.current;
    pending.current = true;
    setShown(next);
    setError(null);
    try {
      const answer = await watchTask(boardId, taskId, next);
      if (id === request.current) setShown(answer.watching);
    } catch (failure) {
      if (id !== request.current) return;
      setShown(before);
      setError(
        errorsOf(failure).message ??
          (next ? 'Не удалось подписаться на задачу' : 'Не удалось отписаться от задачи'),
      );
    } finally {
      if (id === request.current) pending.current = false;
    }
  };

  return (
    <div className="bv-watch">
      <button
        type="button"
        className={['bv-watch__button', shown && 'bv-watch__button--on'].filter(Boolean).join(' ')}
        aria-pressed={shown}
        aria-describedby={hintId}
        title={HINT}
        onClick={() => void toggle()}
      >
        <svg className="bv-watch__icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M1.5 12S5.5 4.5 12 4.5 22.5 12 22.5 12 18.5 19.5 12 19.5 1.5 12 1.5 12Z" />
          <circle cx="12" cy="12" r="3.5" />
        </svg>
        {shown ? 'Вы следите' : 'Следить'}
      </button>
      <span id={hintId} className="ui-visually-hidden">
        {HINT}
      </span>
      {error && (
        <p className="bv-watch__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
