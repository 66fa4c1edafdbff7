/**
 * A row of what the board keeps off the board, 'Корзина' or 'Архив': what it is, its title, where it
 * was, when and by whom, and the one button that brings it back.
 */
import type { ReactNode } from 'react';
import { Button } from 'shared-ui';
import { timeText } from './time-text';
import './kept-items.css';

/** The row is about to go: focus moves to the next row's button (or the previous one, or the dialog). */
export function keepFocus(row: HTMLElement | null) {
  if (!row?.contains(document.activeElement)) return;
  const sibling = (row.nextElementSibling ?? row.previousElementSibling)?.querySelector('button');
  (sibling ?? row.closest<HTMLElement>('[role="dialog"]'))?.focus();
}

export interface KeptRowProps {
  rowRef?: React.Ref<HTMLLIElement>;
  /** 'Задача', 'Колонка'… */
  kind: string;
  title: string;
  /** Where it was: 'из колонки «…»', 'с карточками (3)'. */
  place?: string | null;
  /** 'Удалено' / 'В архиве с', then the time and who. */
  when: { label: string; at: string; by: { name: string } | null };
  error?: string | null;
  /** The button: its text, its accessible name, busy, and what it does; none for a role that only reads. */
  action?: { text: string; label: string; busy: boolean; onClick: () => void } | undefined;
  children?: ReactNode;
}

export function KeptRow({ rowRef, kind, title, place, when, error, action }: KeptRowProps) {
  return (
    <li ref={rowRef} className="bv-kept__row">
      <div className="bv-kept__main">
        <span className="bv-kept__kind">{kind}</span> <span className="bv-kept__title">«{title}»</span>
        {place && <span className="bv-kept__place"> {place}</span>}
        <span className="bv-kept__meta">
          {when.label} <time dateTime={when.at}>{timeText(when.at)}</time>
          {when.by && ` — ${when.by.name}`}
        </span>
        {error && (
          <span className="bv-kept__error" role="alert">
            {error}
          </span>
        )}
      </div>
      {action && (
        <Button
          variant="secondary"
          size="small"
          status={action.busy ? 'processing' : 'default'}
          aria-label={action.label}
          onClick={action.onClick}
        >
          {action.text}
        </Button>
      )}
    </li>
  );
}
