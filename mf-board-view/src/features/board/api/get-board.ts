import type { Board } from 'contract';
import { taskMatches } from 'contract/apply-patch';
import { apiClient } from 'shared-ui';
import { toBoardFilter } from '../../../shared/board-patch';
import { boardQuery, countFilters, type Filters } from '../../../shared/filters';
import { publicApi } from '../../../shared/public-board';

/** Hears a board answer's task count (its `x-board-tasks` header) before its body is read. */
const taskCountOf = (onTaskCount?: (count: number) => void) =>
  onTaskCount
    ? (headers: Headers) => {
        const count = headers.get('x-board-tasks');
        if (count !== null && Number.isSafeInteger(Number(count))) onTaskCount(Number(count));
      }
    : undefined;

/**
 * The board detail with only the tasks matching the filters (repeated query keys, `tz` for `due`).
 * `onTaskCount` hears how many tasks the answer holds (its `x-board-tasks` header) before its body
 * is read.
 */
export function getBoard(boardId: string, filters: Filters, onTaskCount?: (count: number) => void) {
  return apiClient.get<Board>(`/api/board/${encodeURIComponent(boardId)}`, {
    query: boardQuery(filters),
    onHeaders: taskCountOf(onTaskCount),
  });
}

/**
 * The board behind a public link (no sign-in, members without e-mails), filtered here: the public API
 * takes no filters. The filters read as the board's (contract `taskMatches`, the reader the live
 * patches use), except that a search looks at titles only, as the board carries no descriptions.
 */
export async function getPublicBoard(token: string, filters: Filters, onTaskCount?: (count: number) => void) {
  const board = await apiClient.get<Board>(publicApi(token), { onHeaders: taskCountOf(onTaskCount) });
  return filterBoard(board, filters);
}

/** `board` with only the tasks the filters show (a search term: in the title). */
export function filterBoard(board: Board, filters: Filters): Board {
  if (countFilters(filters) === 0) return board;
  const filter = toBoardFilter(filters);
  const now = new Date();
  const tasks = Object.fromEntries(
    Object.entries(board.tasks).filter(([, task]) => taskMatches(task, filter, now) === true),
  );
  const columns = Object.fromEntries(
    Object.entries(board.columns).map(([id, column]) => [
      id,
      { ...column, taskIds: column.taskIds.filter((taskId) => taskId in tasks) },
    ]),
  );
  return { ...board, tasks, columns };
}
