import { Button, Spinner } from 'shared-ui';
import { useBoardState } from '../../../shared/board-context';

/** Loading and load-error states of the board page (shown while there is no board to draw). */
export function BoardLoadState() {
  const status = useBoardState((state) => state.status);
  const error = useBoardState((state) => state.error);
  const httpStatus = useBoardState((state) => state.httpStatus);
  const reload = useBoardState((state) => state.reload);

  if (status === 'error' && httpStatus !== 403) {
    const text =
      httpStatus === 404
        ? 'Доска не найдена: возможно, её удалили.'
        : (error?.message ?? Object.values(error ?? {})[0] ?? 'Не удалось загрузить доску.');
    return (
      <div className="bv-state" role="alert">
        <p className="bv-state__title">Не удалось загрузить доску</p>
        <p className="bv-state__text">{text}</p>
        <Button onClick={() => void reload()}>Повторить</Button>
      </div>
    );
  }
  return (
    <div className="bv-state">
      <Spinner label="Загрузка доски…" />
    </div>
  );
}
