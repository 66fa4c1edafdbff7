import { useCallback } from 'react';
import { errorsOf } from 'shared-ui';
import { type LoadStatus, useLoad } from 'shared-ui/load';
import { useBoardState } from '../../../shared/board-context';
import { getTrash, type TrashItem } from '../api/get-trash';

/**
 * The board's trash, read when the panel opens and again whenever the board shows a newer version
 * (someone deleted or restored something, here or elsewhere). Once a list is shown, later reads
 * replace it quietly, and one that fails keeps it.
 */
export function useTrash(boardId: number) {
  const version = useBoardState((state) => state.serverBoard?.version ?? 0);
  const trash = useLoad((signal) => getTrash(boardId, signal), `${boardId}:${version}`);
  const shown = trash.data !== null;
  const status: LoadStatus = shown ? 'success' : trash.status;
  const error =
    status === 'error' ? (errorsOf(trash.error).message ?? 'Не удалось загрузить корзину.') : null;
  const { replace, reload } = trash;

  /** Drops an item at once (it was restored), before the next read confirms it. */
  const drop = useCallback(
    (item: TrashItem) =>
      replace((current) =>
        (current ?? []).filter((other) => other.kind !== item.kind || other.id !== item.id),
      ),
    [replace],
  );

  return { items: trash.data ?? [], status, error, retry: () => void reload(), reread: reload, drop };
}
