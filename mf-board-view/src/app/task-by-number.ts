/**
 * The task a `/board/{boardId}/task/{number}` address names: the task of the loaded board with that
 * per-board number (docs/decisions.md). A filtered board may not hold it, so the board is then read
 * once more without filters to find it. Once found, the number keeps its task while the modal is open:
 * a task that leaves the board (deleted, or filtered out by a change) is the modal's to tell, as before.
 */
import type { Board } from 'contract';
import { useEffect, useRef, useState } from 'react';
import { getBoard, getPublicBoard } from '../features/board/api/get-board';
import { useBoardState } from '../shared/board-context';
import { countFilters, emptyFilters } from '../shared/filters';
import { usePublicToken } from '../shared/public-board';

/** The address's number, or null when it is not one (`abc`, `0`, `1.5`). */
export function parseTaskNumber(text: string): number | null {
  if (!/^[1-9][0-9]{0,15}$/.test(text)) return null;
  const number = Number(text);
  return Number.isSafeInteger(number) ? number : null;
}

export function taskIdOfNumber(board: Board | null, number: number | null): string | undefined {
  if (!board || number === null) return undefined;
  for (const task of Object.values(board.tasks)) if (task.number === number) return task.id;
  return undefined;
}

/** The task's id; null when the board has no task with that number; undefined while still looking. */
export function useTaskIdByNumber(taskNumber: string): string | null | undefined {
  const number = parseTaskNumber(taskNumber);
  const onBoard = useBoardState((state) => taskIdOfNumber(state.board, number));
  const filtered = useBoardState((state) => countFilters(state.filters) > 0);
  const boardId = useBoardState((state) => state.boardId);
  const publicToken = usePublicToken();
  const known = useRef<{ number: number; id: string } | null>(null);
  if (onBoard && number !== null) known.current = { number, id: onBoard };
  const kept = known.current && known.current.number === number ? known.current.id : undefined;
  const [lookup, setLookup] = useState<{ number: number; id: string | null } | null>(null);

  const needsLookup = number !== null && !onBoard && !kept && filtered;
  useEffect(() => {
    if (!needsLookup || number === null) return;
    let current = true;
    (publicToken ? getPublicBoard(publicToken, emptyFilters()) : getBoard(boardId, emptyFilters())).then(
      (board) => current && setLookup({ number, id: taskIdOfNumber(board, number) ?? null }),
      () => current && setLookup({ number, id: null }),
    );
    return () => {
      current = false;
    };
  }, [needsLookup, boardId, publicToken, number]);

  if (number === null) return null;
  if (onBoard ?? kept) return onBoard ?? kept;
  if (!filtered) return null;
  return lookup?.number === number ? lookup.id : undefined;
}
