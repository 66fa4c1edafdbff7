/**
 * How 'Мои доски' is shown: view mode and sort, each remembered in its own localStorage key
 * (SPEC.md section 9: mainPageView, mainPageSort) as the plain value, e.g. `cards` or `byNameASC`.
 * Nothing shared is imported: the page's first GET is built from it before React loads (route-data).
 */

import type { Sort } from 'contract';

export type BoardView = 'list' | 'cards';

export const VIEW_KEY = 'mainPageView';
export const SORT_KEY = 'mainPageSort';

export const VIEWS: readonly BoardView[] = ['list', 'cards'];
export const SORTS: readonly Sort[] = ['default', 'byNameASC', 'byNameDESC'];

function read<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
  try {
    const value = window.localStorage.getItem(key);
    return allowed.find((item) => item === value) ?? fallback;
  } catch {
    return fallback;
  }
}

/** What localStorage holds now (unknown or missing values fall back to cards and default order). */
export function storedViewSettings(): { view: BoardView; sort: Sort } {
  return { view: read(VIEW_KEY, VIEWS, 'cards'), sort: read(SORT_KEY, SORTS, 'default') };
}

export function writeViewSetting(key: string, value: string) {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the choice still holds for this page.
  }
}
