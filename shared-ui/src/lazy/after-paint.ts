import { useEffect, useState } from 'react';

/**
 * Runs `callback` once the browser has painted its next frame (a frame callback, then a task after
 * it); the result cancels it. For work the first screen does not need: requested or run before that
 * screen is painted, it delays it.
 */
function afterPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * An idle period with this much time left has nothing due in it (no task, frame or timer): the page
 * has settled. Shorter ones come between the tasks of work still under way (a screen rendering, code
 * loading), and what starts in them competes with that work.
 */
const QUIET_MS = 40;

/**
 * Runs `callback` when the browser is next quiet: in an idle period of at least QUIET_MS, at the
 * latest after `timeout` ms (where requestIdleCallback is missing, after a short timer); the result
 * cancels it. For work nobody waits for: preloading code, opening the live connection, rendering what
 * is not on screen yet.
 */
export function whenIdle(callback: () => void, timeout = 1000): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(callback, 50);
    return () => clearTimeout(timer);
  }
  const end = performance.now() + timeout;
  const quiet = (deadline: IdleDeadline) => {
    if (deadline.didTimeout || deadline.timeRemaining() >= QUIET_MS) callback();
    else handle = requestIdleCallback(quiet, { timeout: Math.max(0, end - performance.now()) });
  };
  let handle = requestIdleCallback(quiet, { timeout });
  return () => cancelIdleCallback(handle);
}

/**
 * False until `ready` has been true for two painted frames and the browser is then idle; true from
 * then on. For the work that follows a first screen (its live connection, the code of its dialogs,
 * drag and drop on a small board): the screen is drawn and reported first (elements replaced before
 * the frame after their paint moved the page's largest paint, LCP, after that work), and a click
 * made meanwhile is answered before it.
 */
export function useIdleAfterPaint(ready: boolean): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!ready || idle) return;
    let cancelNext = () => {};
    const cancelPaint = afterPaint(() => {
      cancelNext = afterPaint(() => {
        cancelNext = whenIdle(() => setIdle(true));
      });
    });
    return () => {
      cancelPaint();
      cancelNext();
    };
  }, [ready, idle]);
  return idle;
}
