/**
 * After the page's first screen: its load, two seconds more, then an idle moment. For what must not
 * compete with that screen (the bell's socket, the other remotes' manifests). Imports nothing, so the
 * page start (federation/first-route.ts) can use it before the shell's shared modules are ready.
 */
const SETTLE_MS = 2000;

/** Runs `task` once the page has loaded and settled (see SETTLE_MS); the result cancels it. */
export function whenSettled(task: () => void): () => void {
  let cancel = () => {};
  const idle = () => {
    const timer = setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function') {
        const handle = window.requestIdleCallback(task, { timeout: 3000 });
        cancel = () => window.cancelIdleCallback(handle);
      } else task();
    }, SETTLE_MS);
    cancel = () => clearTimeout(timer);
  };
  if (document.readyState === 'complete') idle();
  else {
    window.addEventListener('load', idle, { once: true });
    cancel = () => window.removeEventListener('load', idle);
  }
  return () => cancel();
}
