/**
 * Windowing for big boards: a card slot outside its column's scrolled view (plus a margin) renders a
 * placeholder of the card's last measured height instead of the card and its sortable hooks. A column
 * of 1,000 cards then mounts a few dozen cards, and a drag re-renders only those. Until its list is
 * scrolled, a long column does not even mount the slots past its first screen: they are one
 * placeholder (the tail) until it comes near (observeTail).
 */
export type VisibilityCallback = (visible: boolean, height: number) => void;

export interface Visibility {
  /** False where IntersectionObserver is missing (tests): everything is rendered. */
  supported: boolean;
  observe: (element: Element, callback: VisibilityCallback) => () => void;
  /** The column's scrolling list; observation starts once it is known. */
  setRoot: (root: Element | null) => void;
  disconnect: () => void;
}

export const DEFAULT_CARD_HEIGHT = 72;
/** Last measured height of each card, for its placeholder. */
export const cardHeights = new Map<string, number>();

export function createVisibility(): Visibility {
  const supported = typeof IntersectionObserver !== 'undefined';
  const callbacks = new Map<Element, VisibilityCallback>();
  let observer: IntersectionObserver | null = null;

  return {
    supported,
    observe: (element, callback) => {
      callbacks.set(element, callback);
      observer?.observe(element);
      return () => {
        callbacks.delete(element);
        observer?.unobserve(element);
      };
    },
    setRoot: (root) => {
      if (!supported || !root) return;
      observer?.disconnect();
      observer = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            callbacks.get(entry.target)?.(entry.isIntersecting, entry.boundingClientRect.height);
          }
        },
        { root, rootMargin: '800px 0px' },
      );
      for (const element of callbacks.keys()) observer.observe(element);
    },
    disconnect: () => {
      observer?.disconnect();
      observer = null;
    },
  };
}

/**
 * Calls `onNear` once, when the tail (the placeholder of a list's unmounted slots) comes within half
 * the list's height of its view: when the list is scrolled towards it, or grows. At once where
 * IntersectionObserver is missing.
 */
export function observeTail(list: Element, tail: Element, onNear: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    onNear();
    return () => {};
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      onNear();
    },
    { root: list, rootMargin: '50% 0px' },
  );
  observer.observe(tail);
  return () => observer.disconnect();
}
