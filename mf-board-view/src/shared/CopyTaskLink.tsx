import { type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from 'react';
import { writeClipboard } from './clipboard';
import { taskUrl } from './navigation';
import { usePublicToken } from './public-board';
import './copy-task-link.css';

/**
 * 'Скопировать ссылку на задачу': an icon in the card's corner (shown on hover and focus; on a touch
 * screen it would cover the title, so it is not shown there), or a labelled button in the task
 * modal's header (`labelled`), which is where touch users find it. Where the Clipboard API is refused,
 * the link shows in a read-only field, focused and selected, for the user to copy; Escape or leaving
 * the field closes it. On a public link's page the link is the task's under that link.
 */
export function CopyTaskLink({
  boardId,
  taskId,
  taskNumber,
  labelled = false,
}: {
  boardId: number | string;
  taskId: string;
  taskNumber: number;
  labelled?: boolean;
}) {
  const publicToken = usePublicToken();
  const [copied, setCopied] = useState(false);
  const [manual, setManual] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const button = useRef<HTMLButtonElement>(null);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    if (manual === null) return;
    field.current?.focus();
    field.current?.select();
  }, [manual]);

  const onClick = async (event: MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const url = taskUrl(boardId, taskNumber, publicToken);
    if (await writeClipboard(url)) {
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), 1500);
    } else {
      setManual(url);
    }
  };
  const onFieldKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    setManual(null);
    button.current?.focus();
  };
  const content = (
    <>
      <button
        ref={button}
        type="button"
        className={[labelled ? 'bv-copy-link' : 'bv-card__copy', copied && 'bv-card__copy--done']
          .filter(Boolean)
          .join(' ')}
        title="Скопировать ссылку на задачу"
        aria-label="Скопировать ссылку на задачу"
        data-no-dnd
        onClick={(event) => void onClick(event)}
      >
        {copied ? (
          <span className="bv-card__copied" role="status">
            Скопировано
          </span>
        ) : (
          <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" className="bv-copy-link__icon">
            <path
              fill="currentColor"
              d="M10.6 13.4a1 1 0 0 1 0-1.4l3.5-3.5a3 3 0 1 1 4.2 4.2l-2 2a1 1 0 1 1-1.4-1.4l2-2a1 1 0 1 0-1.4-1.4L12 13.4a1 1 0 0 1-1.4 0Zm2.8-2.8a1 1 0 0 1 0 1.4l-3.5 3.5a3 3 0 1 1-4.2-4.2l2-2a1 1 0 0 1 1.4 1.4l-2 2a1 1 0 1 0 1.4 1.4l3.5-3.5a1 1 0 0 1 1.4 0Z"
            />
          </svg>
        )}
        {labelled && !copied && <span aria-hidden="true">Ссылка</span>}
      </button>
      {manual !== null && (
        <div className="bv-card__manual-copy" data-no-dnd>
          <input
            ref={field}
            className="bv-card__manual-field"
            type="text"
            readOnly
            value={manual}
            aria-label="Ссылка на задачу"
            aria-describedby={`bv-copy-hint-${taskId}`}
            onFocus={(event) => event.currentTarget.select()}
            onBlur={() => setManual(null)}
            onKeyDown={onFieldKeyDown}
          />
          <span id={`bv-copy-hint-${taskId}`} className="bv-card__manual-hint" role="status">
            Скопируйте ссылку
          </span>
        </div>
      )}
    </>
  );
  return labelled ? <div className="bv-copy-link__wrap">{content}</div> : content;
}
