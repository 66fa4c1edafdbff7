import { useCallback, useEffect, useRef, useState } from 'react';
import { errorsOf } from 'shared-ui';
import { useBoardState } from '../../../shared/board-context';
import { getTrash, type TrashItem } from '../api/get-trash';

export type TrashStatus = 'loading' | 'success' | 'error';

/**
 * The board's trash, read when the panel opens and again whenever the board shows a newer version
 * (someone deleted or restored something, here or elsewhere). A later read that fails keeps the list.
 */
export function useTrash(boardId: number) {
  const version = useBoardState((state) => state.serverBoard?.version ?? 0);
  const [items, setItems] = useState<TrashItem[]>([]);
  const [status, setStatus] = useState<TrashStatus>('loading');
  const [error, setError] = useState<string | null>(null);
  const mounted = useRef(true);
  const shown = useRef(false);
  // Answers that arrive out of order: only the latest read is kept.
  const latest = useRef(0);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const read = useCallback(async () => {
    const round = ++latest.current;
    if (!shown.current) setStatus('loading');
    try {
      const next = await getTrash(boardId);
      if (!mounted.current || round !== latest.current) return;
      shown.current = true;
      setItems(next);
      setStatus('success');
      setError(null);
    } catch (failure) {
      if (!mounted.current || round !== latest.current || shown.current) return;
      setError(errorsOf(failure).message ?? 'Не удалось загрузить корзину.');
      setStatus('error');
    }
  }, [boardId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each new board version re-reads the trash
  useEffect(() => {
    void read();
  }, [read, version]);

  /** Drops an item at once (it was restored), before the next read confirms it. */
  const drop = useCallback((item: TrashItem) => {
    setItems((current) => current.filter((other) => other.kind !== item.kind || other.id !== item.id));
  }, []);

  return { items, status, error, retry: () => void read(), reread: read, drop };
}
