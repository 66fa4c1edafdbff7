import { errorsOf } from 'shared-ui';
import { type LoadStatus, useLoad } from 'shared-ui/load';
import { useBoardState } from '../../../shared/board-context';
import { getArchive } from '../api/archive';

/**
 * The board's archive, read when the panel opens and again whenever the board shows a newer version
 * (someone archived or brought something back, here or elsewhere); a later read that fails keeps the
 * list shown.
 */
export function useArchive(boardId: number) {
  const version = useBoardState((state) => state.serverBoard?.version ?? 0);
  const archive = useLoad((signal) => getArchive(boardId, signal), `${boardId}:${version}`);
  const shown = archive.data !== null;
  const status: LoadStatus = shown ? 'success' : archive.status;
  const error =
    status === 'error' ? (errorsOf(archive.error).message ?? 'Не удалось загрузить архив.') : null;
  return {
    archive: archive.data ?? { columns: [], tasks: [] },
    status,
    error,
    retry: () => void archive.reload(),
  };
}
