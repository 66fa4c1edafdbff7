import { useEffect, useRef, useState } from 'react';

/** The pauses before each re-read while something is under way (tests shorten them). */
export const pollTiming = { delaysMs: [1500, 3000, 5000, 10_000, 20_000] };

/**
 * Reads again while `busy` (a test just sent, a delivery pending or retrying), after each pause of
 * `pollTiming` in turn, then stops: a delivery retrying later than that is shown as it is, and
 * 'Обновить' reads again. A new `round` (another test sent) starts the pauses over. Nothing runs once
 * the component is gone (the dialog closed, another panel shown).
 */
export function usePoll(busy: boolean, reread: () => Promise<unknown>, round: unknown) {
  const latest = useRef(reread);
  latest.current = reread;
  const [state, setState] = useState({ round, tries: 0 });
  const tries = state.round === round ? state.tries : 0;

  useEffect(() => {
    const delay = pollTiming.delaysMs[tries];
    if (!busy || delay === undefined) return;
    let live = true;
    const timer = setTimeout(async () => {
      await latest.current().catch(() => undefined);
      if (live) setState({ round, tries: tries + 1 });
    }, delay);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [busy, round, tries]);
}
