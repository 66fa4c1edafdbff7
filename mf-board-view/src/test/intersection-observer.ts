/**
 * IntersectionObserver as a browser has it, reporting only when a test says so. Install it with
 * `vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)` and `reset()` it after each test.
 */
type Entry = { target: Element; isIntersecting: boolean; boundingClientRect: { height: number } };

export class FakeIntersectionObserver {
  static all: FakeIntersectionObserver[] = [];
  observed = new Set<Element>();
  constructor(
    readonly callback: (entries: Entry[]) => void,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeIntersectionObserver.all.push(this);
  }
  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  disconnect() {
    this.observed.clear();
  }
  /** The observer made last. */
  static get last(): FakeIntersectionObserver | undefined {
    return FakeIntersectionObserver.all.at(-1);
  }
  /** Reports `element` as within the margin of the observers watching it. */
  static enter(element: Element, height = 72) {
    for (const observer of FakeIntersectionObserver.all.filter((item) => item.observed.has(element))) {
      observer.callback([{ target: element, isIntersecting: true, boundingClientRect: { height } }]);
    }
  }
  static reset() {
    FakeIntersectionObserver.all = [];
  }
}
