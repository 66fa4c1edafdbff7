import { useEffect, useRef } from 'react';
import { Button, Spinner } from 'shared-ui';
import { useBoard } from '../../../shared/board-context';
import { describeActivity } from '../model/describe';
import { useActivity } from '../model/use-activity';
import './activity.css';
import { timeText } from '../../../shared/time-text';

export interface ActivityListProps {
  /** One task's history, or the whole board's activity without it. */
  taskId?: string;
  /** The task form's field names (the task modal's labels), given by the app. */
  fieldLabels: Record<string, string>;
  /** Accessible name of the list. */
  label: string;
  /** Loads the next page when the list's end scrolls into view (besides the button). */
  autoLoad?: boolean;
}

/** Newest first, with loading, empty and error states and 'Показать ещё'; live from the board's updates. */
export function ActivityList({ taskId, fieldLabels, label, autoLoad = false }: ActivityListProps) {
  const board = useBoard();
  const activity = useActivity(board.id, taskId);
  const { rows, status, hasMore, moreStatus, loadMore } = activity;
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = end.current;
    if (!autoLoad || !hasMore || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void loadMore();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [autoLoad, hasMore, loadMore]);

  if (status === 'loading' && rows.length === 0) {
    return (
      <div className="bv-activity__state">
        <Spinner label="Загрузка истории…" />
      </div>
    );
  }
  if (status === 'error' && rows.length === 0) {
    return (
      <div className="bv-activity__state" role="alert">
        <p>{activity.error}</p>
        <Button variant="secondary" onClick={activity.retry}>
          Повторить
        </Button>
      </div>
    );
  }
  if (rows.length === 0) {
    return <p className="bv-activity__state">Пока никаких изменений</p>;
  }

  const ctx = { board, fieldLabels };
  return (
    <div className="bv-activity">
      <ol className="bv-activity__list" aria-label={label}>
        {rows.map((row) => (
          <li key={row.id} className="bv-activity__row">
            <span className="bv-activity__text">{describeActivity(row, ctx)}</span>{' '}
            <time className="bv-activity__time" dateTime={row.at}>
              {timeText(row.at)}
            </time>
          </li>
        ))}
      </ol>
      {moreStatus === 'error' && (
        <p className="bv-activity__error" role="alert">
          Не удалось загрузить ещё. Попробуйте ещё раз.
        </p>
      )}
      {hasMore && (
        <div ref={end} className="bv-activity__more">
          <Button variant="secondary" onClick={() => void loadMore()} disabled={moreStatus === 'loading'}>
            {moreStatus === 'loading' ? 'Загрузка…' : 'Показать ещё'}
          </Button>
        </div>
      )}
    </div>
  );
}
