import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeIntersectionObserver } from '../../test/intersection-observer';
import { createColumnVisibility } from './model/column-visibility';

function rect(left: number, width: number): DOMRect {
  return { left, right: left + width, width, top: 0, bottom: 100, height: 100, x: left, y: 0 } as DOMRect;
}

function board(columnLefts: number[]) {
  const scroller = document.createElement('div');
  scroller.getBoundingClientRect = () => rect(0, 1000);
  const columns = columnLefts.map((left) => {
    const column = document.createElement('section');
    column.getBoundingClientRect = () => rect(left, 300);
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

  it('reports at once whether a column is within a quarter of the scroller width, then follows the observer', () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const visibility = createColumnVisibility();
    // The scroller is 1000 px wide: a column starting 200 px past its right edge is near, 300 px is not.
    const { scroller, columns } = board([0, 1200, 1300]);
    const calls = columns.map((column) => {
      const near = vi.fn();
      visibility.observe(column as HTMLElement, near);
      return near;
    });
    expect(calls.map((near) => near.mock.calls[0]?.[0])).toEqual([true, true, false]);

    const observer = FakeIntersectionObserver.last as FakeIntersectionObserver;
    expect(observer.options.root).toBe(scroller);
    expect(observer.observed.size).toBe(3);
    observer.callback([
      { target: columns[2] as Element, isIntersecting: true, boundingClientRect: { height: 100 } },
    ]);
    expect(calls[2]).toHaveBeenLastCalledWith(true);

    visibility.disconnect();
    expect(observer.observed.size).toBe(0);
  });
});
