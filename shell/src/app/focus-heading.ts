/**
 * After a route change, focus moves to the new page's heading (its first <h1> in the shell's <main>,
 * made focusable with tabIndex -1), so a keyboard or screen reader user starts at the new page rather
 * than on a link that is gone or at the top of the document. Remotes draw their page asynchronously,
 * so the heading is awaited (for a while) with a MutationObserver.
 *
 * Not on the first load (the page starts at the top, as any page does), not between a board and one
 * of its task's modal routes (the modal takes focus and gives it back to the card), and not while a
 * modal is open or once the user has put focus somewhere themselves.
 */
import { type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

const WAIT_MS = 10_000;

/** The page a path shows: a task modal's route belongs to its board's page. */
export function pageKey(pathname: string): string {
  return pathname.replace(/\/task\/[^/]+\/?$/, '').replace(/\/+$/, '') || '/';
}

export function useFocusHeadingOnNavigate(container: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);

  useEffect(() => {
    const before = previous.current;
    previous.current = pathname;
    const main = container.current;
    if (before === null || !main || pageKey(before) === pageKey(pathname)) return;

    const focusedAtStart = document.activeElement;
    const tryFocus = (): boolean => {
      const active = document.activeElement;
      const userMoved = active && active !== document.body && active !== focusedAtStart;
      if (userMoved || document.querySelector('[aria-modal="true"]')) return true;
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
      return true;
    };
    if (tryFocus()) return;
    const observer = new MutationObserver(() => {
      if (tryFocus()) stop();
    });
    const timer = window.setTimeout(() => stop(), WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname, container]);
}
