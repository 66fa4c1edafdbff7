import type { BoardListItem, Sort } from 'contract';
import { type LoadStatus, useLoad } from 'shared-ui/load';
import { getBoards } from './api/get-boards';

export interface BoardListState {
  status: LoadStatus;
  /** The last list received; kept while a reload runs so the page does not flash. */
  boards: BoardListItem[] | null;
}

/**
 * The board list for `sort`: loads on mount and whenever the sort changes (a newer request aborts
 * the older one, so a slow answer never overwrites a fresh one). `replace` takes a list the API
 * answered to a mutation (create) without another request.
 */
export function useBoardList(sort: Sort) {
  const { status, data, reload, replace } = useLoad((signal) => getBoards(sort, signal), sort);
  return { status, boards: data, reload, replace };
}
