import { useSyncExternalStore } from 'react';
import { dueLabel, dueState, dueText, rangeLabel, rangeText } from '../../../shared/due';
import { clockNow, subscribeClock } from '../model/clock';

const CLOCK =
  'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm0 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm1 3v4.6l3.2 1.9-1 1.7L11 12.7V7h2Z';
const CHECKS = 'M4 5h2v2H4V5Zm4 0h12v2H8V5Zm-4 6h2v2H4v-2Zm4 0h12v2H8v-2Zm-4 6h2v2H4v-2Zm4 0h12v2H8v-2Z';

function BadgeIcon({ path }: { path: string }) {
  return (
    <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true">
      <path fill="currentColor" d={path} />
    </svg>
  );
}

/**
 * '25 ноя, 14:00' in the viewer's zone, or with a start the range by days ('25–28 ноя', 'с 25 ноя'):
 * amber within a day of the due date, red once it passed, green when ticked done. Follows the board's
 * minute clock.
 */
export function DueBadge({
  dueAt,
  startAt,
  done,
}: {
  dueAt: string | null;
  startAt: string | null;
  done: boolean;
}) {
  // The accessible name carries the state and the whole date, so it changes whenever the badge does.
  const label = useSyncExternalStore(subscribeClock, () =>
    startAt ? rangeLabel(startAt, dueAt, done, clockNow()) : dueAt ? dueLabel(dueAt, done, clockNow()) : '',
  );
  const now = clockNow();
  const state = dueAt ? dueState(dueAt, done, now) : 'later';
  return (
    <span
      className={`bv-card__badge bv-card__due bv-card__due--${state}`}
      role="img"
      aria-label={label}
      title={label}
    >
      <BadgeIcon path={CLOCK} />
      {startAt ? rangeText(startAt, dueAt, now) : dueAt ? dueText(dueAt, now) : ''}
    </span>
  );
}

/** '3/5': checklist items done of all, green once all are done. */
export function ChecklistBadge({ done, total }: { done: number; total: number }) {
  const label = `Чек-лист: ${done} из ${total}`;
  return (
    <span
      className={['bv-card__badge', done >= total && 'bv-card__badge--complete'].filter(Boolean).join(' ')}
      role="img"
      aria-label={label}
      title={label}
    >
      <BadgeIcon path={CHECKS} />
      {done}/{total}
    </span>
  );
}
