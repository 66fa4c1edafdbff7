/**
 * Horizontal windowing for wide boards: a column to the left or right of the board's scrolled view
 * (by more than a quarter of its width, about one column) renders its header, footer and a placeholder
 * of its list's height instead of its cards. A board of 40 columns then mounts the cards of the columns
 * in view and of about one more on each side (6 columns at 1280 px); the others start rendering theirs
 * as scrolling (or a drag's auto-scroll) brings them near. A margin of a whole screen width drew three
 * more columns of cards that the first screen does not show: about a sixth of its rendering and
 * painting.
 */
export type NearCallback = (near: boolean) => void;

export interface ColumnVisibility {
  /** False where IntersectionObserver is missing (tests): every column renders its cards. */
  supported: boolean;
  /**
   * Watches a column section (a child of the board's horizontal scroller). Reports at once, from the
   * current layout, then on every change of nearness.
   */
  observe: (element: HTMLElement, callback: NearCallback) => () => void;
  disconnect: () => void;
}

/** How far beyond each side of the scroller a column still counts as near, in scroller widths. */
const MARGIN_WIDTHS = 0.25;

function isNear(element: Element, root: Element): boolean {
  const rect = element.getBoundingClientRect();
  const view = root.getBoundingClientRect();
  const margin = view.width * MARGIN_WIDTHS;
  return rect.right >= view.left - margin && rect.left <= view.right + margin;
}

export function createColumnVisibility(): ColumnVisibility {
  const supported = typeof IntersectionObserver !== 'undefined';
  const callbacks = new Map<Element, NearCallback>();
  let observer: IntersectionObserver | null = null;
  let root: Element | null = null;

  const connect = (scroller: Element) => {
    root = scroller;
    observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) callbacks.get(entry.target)?.(entry.isIntersecting);
      },
      { root: scroller, rootMargin: `100% ${MARGIN_WIDTHS * 100}%` },
    );
  };

  return {
    supported,
    observe: (element, callback) => {
      const scroller = element.parentElement;
      if (!supported || !scroller) {
        callback(true);
        return () => {};
      }
      if (!observer || root !== scroller) {
        observer?.disconnect();
        connect(scroller);
        for (const watched of callbacks.keys()) observer?.observe(watched);
      }
      callbacks.set(element, callback);
      callback(isNear(element, scroller));
      observer?.observe(element);
      return () => {
        callbacks.delete(element);
        observer?.unobserve(element);
      };
    },
    disconnect: () => {
      observer?.disconnect();
      observer = null;
      root = null;
      callbacks.clear();
    },
  };
}
