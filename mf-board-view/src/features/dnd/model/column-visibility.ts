/**
 * Horizontal windowing for wide boards: a column to the left or right of the board's scrolled view
 * (by more than a quarter of its width, about one column) renders its header, footer and a placeholder
 * of its list's height instead of its cards. A board of 40 columns then mounts the cards of the columns
 * in view and of about one more on each side (6 columns at 1280 px); the others start rendering theirs
 * as scrolling (or a drag's auto-scroll) brings them near. A margin of a whole screen width drew three
 * more columns of cards that the first screen does not show: about a sixth of its rendering and
 * painting. A column's first render takes its place from its index (the board opens at its left edge,
 * nearAtStart), and the observer corrects it after the first paint: asking the layout at once instead
 * cost a forced layout of the whole board and a second render before its first paint.
 */
export type NearCallback = (near: boolean) => void;

export interface ColumnVisibility {
  /** False where IntersectionObserver is missing (tests): every column renders its cards. */
  supported: boolean;
  /** Whether the column at `index` is near the view of a board scrolled to its left edge, in this window. */
  nearAtStart: (index: number) => boolean;
  /**
   * Watches a column section (a child of the board's horizontal scroller): reports its nearness after
   * the next layout, then on every change. At once where IntersectionObserver is missing.
   */
  observe: (element: HTMLElement, callback: NearCallback) => () => void;
  disconnect: () => void;
}

/** How far beyond each side of the scroller a column still counts as near, in scroller widths. */
const MARGIN_WIDTHS = 0.25;

/** A column's width with the gap after it, and the canvas's left padding (dnd.css). */
const COLUMN_STEP = 312;
const CANVAS_PADDING = 16;

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
    nearAtStart: (index) =>
      !supported || CANVAS_PADDING + index * COLUMN_STEP <= window.innerWidth * (1 + MARGIN_WIDTHS),
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
