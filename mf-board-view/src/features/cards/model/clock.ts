/**
 * The board's one clock for the due badges: a minute timer that runs while some card shows a due date
 * and ticks at once when the page is shown again (timers sleep in hidden tabs). A badge subscribes with
 * a snapshot of what it shows (`useSyncExternalStore`), so a tick repaints only the cards whose text or
 * colour changed, not every card each minute.
 */
const MINUTE = 60_000;

const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function tick() {
  now = Date.now();
  for (const listener of listeners) listener();
}

function onVisibility() {
  if (document.visibilityState === 'visible') tick();
}

export function subscribeClock(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    now = Date.now();
    timer = setInterval(tick, MINUTE);
    document.addEventListener('visibilitychange', onVisibility);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    clearInterval(timer);
    timer = undefined;
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

/** The clock's time: the last tick while it runs, else the current time. */
export const clockNow = (): number => (listeners.size > 0 ? now : Date.now());
