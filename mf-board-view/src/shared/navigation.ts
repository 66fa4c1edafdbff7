import { useCallback, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from 'shared-ui';

/**
 * Moves between the board and its task modal keeping the query string (the filters), as SPEC asks:
 * opening a task and closing it return to the same filtered board. A task is addressed by its number
 * on the board (the one its card shows), not by its id.
 */
export function useBoardNavigation(boardId: string | number) {
  const navigate = useNavigate();
  const { search } = useLocation();
  // Read at call time, so the callbacks stay stable for memoised cards while the filters change.
  const searchRef = useRef(search);
  searchRef.current = search;
  const openTask = useCallback(
    (taskNumber: number) =>
      navigate({ pathname: paths.boardTask.href({ boardId, taskNumber }), search: searchRef.current }),
    [navigate, boardId],
  );
  const toBoard = useCallback(
    () => navigate({ pathname: paths.board.href({ boardId }), search: searchRef.current }),
    [navigate, boardId],
  );
  return { openTask, toBoard, search };
}

/** The absolute address of a task, for 'Скопировать ссылку на задачу'. */
export function taskUrl(boardId: string | number, taskNumber: number): string {
  return new URL(paths.boardTask.href({ boardId, taskNumber }), window.location.origin).toString();
}
