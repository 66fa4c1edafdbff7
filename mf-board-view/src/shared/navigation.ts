import { useCallback, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from 'shared-ui';
import { usePublicToken } from './public-board';

/** The board's own address: `/board/{id}`, or `/p/{token}` on a public link's page. */
export function boardPath(boardId: string | number, publicToken: string | null): string {
  return publicToken ? paths.publicBoard.href({ token: publicToken }) : paths.board.href({ boardId });
}

/** A task's address over its board, by its number on the board (under `/p/{token}` on a public link's page). */
export function taskPath(boardId: string | number, taskNumber: number, publicToken: string | null): string {
  return publicToken
    ? paths.publicTask.href({ token: publicToken, taskNumber })
    : paths.boardTask.href({ boardId, taskNumber });
}

/**
 * Moves between the board and its task modal keeping the query string (the filters), as SPEC asks:
 * opening a task and closing it return to the same filtered board. A task is addressed by its number
 * on the board (the one its card shows), not by its id; on a public link's page, under its `/p/{token}`.
 */
export function useBoardNavigation(boardId: string | number) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const publicToken = usePublicToken();
  // Read at call time, so the callbacks stay stable for memoised cards while the filters change.
  const searchRef = useRef(search);
  searchRef.current = search;
  const openTask = useCallback(
    (taskNumber: number) =>
      navigate({ pathname: taskPath(boardId, taskNumber, publicToken), search: searchRef.current }),
    [navigate, boardId, publicToken],
  );
  const toBoard = useCallback(
    () => navigate({ pathname: boardPath(boardId, publicToken), search: searchRef.current }),
    [navigate, boardId, publicToken],
  );
  return { openTask, toBoard, search };
}

/** The absolute address of a task, for 'Скопировать ссылку на задачу'. */
export function taskUrl(
  boardId: string | number,
  taskNumber: number,
  publicToken: string | null = null,
): string {
  return new URL(taskPath(boardId, taskNumber, publicToken), window.location.origin).toString();
}
