import type { BoardListItem, Sort } from 'api/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Status } from 'shared-ui';
import { getBoards } from './api/get-boards';

export interface BoardListState {
  status: Extract<Status, 'default' | 'loading' | 'success' | 'error'>;
  /** The last list received; kept while a reload runs so the page does not flash. */
  boards: BoardListItem[] | null;
}

/**
 * The board list for `sort`: loads on mount and whenever the sort changes (a newer request aborts
 * the older one, so a slow answer never overwrites a fresh one). `replace` takes a list the API
 * answered to a mutation (create) without another request.
 */
export function useBoardList(sort: Sort) {
  const [state, setState] = useState<BoardListState>({ status: 'default', boards: null });
  const controller = useRef<AbortController | null>(null);

  const load = useCallback(() => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState((previous) => ({ ...previous, status: 'loading' }));
    getBoards(sort, current.signal).then(
      (boards) => {
        if (!current.signal.aborted) setState({ status: 'success', boards });
      },
      () => {
        if (!current.signal.aborted) setState((previous) => ({ ...previous, status: 'error' }));
      },
    );
  }, [sort]);

  useEffect(() => {
    load();
    return () => controller.current?.abort();
  }, [load]);

  const replace = useCallback((boards: BoardListItem[]) => {
    controller.current?.abort();
    setState({ status: 'success', boards });
  }, []);

  return { ...state, reload: load, replace };
}
