/**
 * Board filters live in the URL (SPEC 'Board screen'): assignee, label, priority, search and due
 * (overdue, today, week, none), each may repeat. Other query parameters are left alone, and the query
 * string travels with the board when a task opens and closes.
 */
export const FILTER_KEYS = ['assignee', 'label', 'priority', 'search', 'due'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type Filters = Record<FilterKey, string[]>;

export const emptyFilters = (): Filters => ({ assignee: [], label: [], priority: [], search: [], due: [] });

/** The viewer's IANA zone, in which the API counts the due filter's 'today' and 'week'. */
export const viewerZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The board GET's query: the filters, plus the viewer's zone `tz` while a due filter is on (the API
 * reads 'today' and 'week' in it; without one the query stays as it was).
 */
export function boardQuery(filters: Filters): Filters & { tz?: string } {
  return filters.due.length > 0 ? { ...filters, tz: viewerZone() } : filters;
}

export function parseFilters(params: URLSearchParams): Filters {
  const filters = emptyFilters();
  for (const key of FILTER_KEYS) {
    filters[key] = params.getAll(key).filter((value) => value.trim() !== '');
  }
  return filters;
}

/** `params` with its filter keys replaced by `filters` (empty values dropped). */
export function withFilters(params: URLSearchParams, filters: Filters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of FILTER_KEYS) {
    next.delete(key);
    for (const value of filters[key]) {
      if (value.trim() !== '') next.append(key, key === 'search' ? value.trim() : value);
    }
  }
  return next;
}

/** How many filter values are active: the number on the 'Фильтр' button. */
export function countFilters(filters: Filters): number {
  return FILTER_KEYS.reduce((total, key) => total + filters[key].length, 0);
}

/** A stable key of the filter part of a query string: the board re-fetches when it changes. */
export function filtersKey(filters: Filters): string {
  return FILTER_KEYS.map((key) => `${key}=${filters[key].join('\u0000')}`).join('&');
}
