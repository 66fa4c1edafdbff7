import type { SearchHit } from 'contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, type Status } from 'shared-ui';
import { searchEverywhere } from './api/search-everywhere';

/** Typing waits this long before it searches. */
export const DEBOUNCE_MS = 200;
/** Shorter queries do not search. */
export const MIN_QUERY = 2;

const FAILED = 'Не удалось выполнить поиск';

export interface SearchState {
  status: 'idle' | 'loading' | 'success' | 'error';
  /** The query the hits are for. */
  query: string;
  hits: SearchHit[];
  /** The cursor of the next page; absent on the last one. */
  next?: string | undefined;
  /** Why the search failed: the API's message about the query goes under the field, others in an alert. */
  error?: { field: boolean; text: string } | undefined;
  more: Status;
  moreError?: string | undefined;
}

const IDLE: SearchState = { status: 'idle', query: '', hits: [], more: 'default' };

/** What to tell the user about a failed call: the API's field-keyed message in Russian, if any. */
function failure(error: unknown): { field: boolean; text: string } {
  if (!(error instanceof ApiError)) return { field: false, text: FAILED };
  const { q, limit, cursor, message } = error.body;
  if (q) return { field: true, text: q };
  return { field: false, text: limit ?? cursor ?? message ?? FAILED };
}

const aborted = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Searches as the user types: `DEBOUNCE_MS` after the last change (at once for the query the box opens
 * with, and on 'Повторить'), dropping the request of an older query. Keeps the last hits on screen
 * while the next ones load.
 */
export function useSearch(input: string) {
  const query = input.trim();
  const [state, setState] = useState<SearchState>(IDLE);
  const [attempt, setAttempt] = useState(0);
  const immediate = useRef(true);
  const moreRequest = useRef<AbortController | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is 'Повторить' asking again
  useEffect(() => {
    if (query.length < MIN_QUERY) {
      immediate.current = false;
      setState(IDLE);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(
      () => {
        immediate.current = false;
        setState((current) => ({ ...current, status: 'loading', error: undefined }));
        searchEverywhere(query, undefined, controller.signal).then(
          (page) => {
            if (controller.signal.aborted) return;
            setState({ status: 'success', query, hits: page.items, next: page.next, more: 'default' });
          },
          (error: unknown) => {
            if (controller.signal.aborted || aborted(error)) return;
            setState({ ...IDLE, status: 'error', query, error: failure(error) });
          },
        );
      },
      immediate.current ? 0 : DEBOUNCE_MS,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
      moreRequest.current?.abort();
    };
  }, [query, attempt]);

  const retry = useCallback(() => {
    immediate.current = true;
    setAttempt((value) => value + 1);
  }, []);

  /** Loads the next page; resolves with the index of its first hit (null when nothing was added). */
  const loadMore = useCallback(async (): Promise<number | null> => {
    const { status, next, query: shown, hits } = state;
    if (status !== 'success' || !next) return null;
    moreRequest.current?.abort();
    const controller = new AbortController();
    moreRequest.current = controller;
    setState((current) => ({ ...current, more: 'processing', moreError: undefined }));
    try {
      const page = await searchEverywhere(shown, next, controller.signal);
      if (controller.signal.aborted) return null;
      setState((current) => ({
        ...current,
        hits: [...current.hits, ...page.items],
        next: page.next,
        more: 'default',
      }));
      return page.items.length > 0 ? hits.length : null;
    } catch (error) {
      if (controller.signal.aborted || aborted(error)) return null;
      setState((current) => ({ ...current, more: 'default', moreError: failure(error).text }));
      return null;
    }
  }, [state]);

  return { state, retry, loadMore };
}
