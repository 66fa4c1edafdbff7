import { useCallback, useEffect, useRef, useState } from 'react';
import { errorsOf } from 'shared-ui';
import { useBoardStoreApi } from '../../../shared/board-context';
import { ACTIVITY_PAGE, type Activity, getActivity } from '../api/get-activity';

export type ActivityStatus = 'loading' | 'success' | 'error';

/** `incoming` added to `current` without duplicates, newest (highest id) first. */
export function mergeRows(current: Activity[], incoming: readonly Activity[]): Activity[] {
  const known = new Set(current.map((row) => row.id));
  if (!Array.isArray(incoming)) return current;
  const added = incoming.filter((row) => !known.has(row.id));
  if (added.length === 0) return current;
  return [...current, ...added].sort((a, b) => b.id - a.id);
}

/**
 * A board's (or one task's) activity: the first page on mount, `loadMore()` for older pages, and the
 * rows of every realtime update on top, from the board store (no fetch). An update the board could
 * not apply means rows may be missing: the first page is read again and merged in.
 */
export function useActivity(boardId: number, taskId?: string) {
  const store = useBoardStoreApi();
  const [rows, setRows] = useState<Activity[]>([]);
  const [status, setStatus] = useState<ActivityStatus>('loading');
  const [error, setError] = useState<string | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [moreStatus, setMoreStatus] = useState<'idle' | 'loading' | 'error'>('idle');
  const mounted = useRef(true);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const moreBusy = useRef(false);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const readFirst = useCallback(
    async (initial: boolean) => {
      if (initial) setStatus('loading');
      try {
        const page = await getActivity(boardId, { taskId });
        if (!mounted.current) return;
        setRows((current) => mergeRows(current, page));
        if (initial) setHasMore(page.length >= ACTIVITY_PAGE);
        setStatus('success');
        setError(null);
      } catch (failure) {
        if (!mounted.current || !initial) return;
        setError(errorsOf(failure).message ?? 'Не удалось загрузить историю.');
        setStatus('error');
      }
    },
    [boardId, taskId],
  );

  useEffect(() => {
    void readFirst(true);
  }, [readFirst]);

  useEffect(
    () =>
      store.getState().onActivity((event) => {
        if ('refetch' in event) {
          void readFirst(false);
          return;
        }
        const incoming = event.rows.filter((row) => taskId === undefined || row.task?.id === taskId);
        if (incoming.length) setRows((current) => mergeRows(current, incoming));
      }),
    [store, taskId, readFirst],
  );

  const loadMore = useCallback(async () => {
    const oldest = rowsRef.current[rowsRef.current.length - 1];
    if (moreBusy.current || !oldest) return;
    moreBusy.current = true;
    setMoreStatus('loading');
    try {
      const page = await getActivity(boardId, { taskId, before: oldest.id });
      if (!mounted.current) return;
      setRows((current) => mergeRows(current, page));
      setHasMore(page.length >= ACTIVITY_PAGE);
      setMoreStatus('idle');
    } catch {
      if (mounted.current) setMoreStatus('error');
    } finally {
      moreBusy.current = false;
    }
  }, [boardId, taskId]);

  return { rows, status, error, hasMore, moreStatus, loadMore, retry: () => void readFirst(true) };
}
