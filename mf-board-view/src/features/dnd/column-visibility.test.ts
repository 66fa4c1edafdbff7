import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeIntersectionObserver } from '../../test/intersection-observer';
import { createColumnVisibility } from './model/column-visibility';

function board(columnLefts: number[]) {
  const scroller = document.createElement('div');
  const columns = columnLefts.map(() => {
    const column = document.createElement('section');
    scroller.append(column);
    return column;
  });
  return { scroller, columns };
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeIntersectionObserver.reset();
});

describe('column visibility (horizontal windowing)', () => {
  it('reports every column near where IntersectionObserver is missing', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const visibility = createColumnVisibility();
    const { columns } = board([5000]);
    const near = vi.fn();
    visibility.observe(columns[0] as HTMLElement, near);
    expect(visibility.supported).toBe(false);
    expect(near).toHaveBeenCalledWith(true);
  });

  it('guesses from the column place at first, then follows the observer', () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    vi.stubGlobal('innerWidth', 1280);
    const visibility = createColumnVisibility();
    // A board at its left edge in a 1280 px window: 16 px of padding, 312 px per column, and a quarter
    // of the width (320 px) past the right edge still near: columns 0 to 5.
    expect([0, 5, 6].map((index) => visibility.nearAtStart(index))).toEqual([true, true, false]);

    const { scroller, columns } = board([0, 1200, 1300]);
    const calls = columns.map((column) => {
      const near = vi.fn();
      visibility.observe(column as HTMLElement, near);
      return near;
    });
    // Nothing is asked of the layout before the observer reports.
    expect(calls.every((near) => near.mock.calls.length === 0)).toBe(true);

    const observer = FakeIntersectionObserver.last as FakeIntersectionObserver;
    expect(observer.options.root).toBe(scroller);
    expect(observer.options.rootMargin).toBe('100% 25%');
    expect(observer.observed.size).toBe(3);
    observer.callback([
      { target: columns[2] as Element, isIntersecting: true, boundingClientRect: { height: 100 } },
    ]);
    expect(calls[2]).toHaveBeenLastCalledWith(true);

    visibility.disconnect();
    expect(observer.observed.size).toBe(0);
  });
});
