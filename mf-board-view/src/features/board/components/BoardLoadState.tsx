import { Link } from 'react-router-dom';
import { Button, paths, Spinner, useAuthStore } from 'shared-ui';
import { useBoardState } from '../../../shared/board-context';
import { PUBLIC_GONE, usePublicToken } from '../../../shared/public-board';

/**
 * A public link that no longer works (turned off or replaced: the API's 404, on the first load or
 * while the page was open): why, that nothing more comes, and where to go.
 */
function DeadLink({ message }: { message: string | undefined }) {
  const signedIn = useAuthStore((state) => state.token !== null);
  return (
    <div className="bv-state" role="alert">
      <p className="bv-state__title">{message ?? PUBLIC_GONE}</p>
      <p className="bv-state__text">
        Доска по этой ссылке больше не показывается и не обновляется. Попросите новую ссылку у администратора
        доски.
      </p>
      {signedIn ? <Link to={paths.home.href()}>Мои доски</Link> : <Link to={paths.login.href()}>Войти</Link>}
    </div>
  );
}

/** Loading and load-error states of the board page (shown while there is no board to draw). */
export function BoardLoadState() {
  const status = useBoardState((state) => state.status);
  const error = useBoardState((state) => state.error);
  const httpStatus = useBoardState((state) => state.httpStatus);
  const reload = useBoardState((state) => state.reload);
  const publicToken = usePublicToken();

  // A malformed token answers 400, a dead one 404.
  if (status === 'error' && publicToken && (httpStatus === 404 || httpStatus === 400))
    return <DeadLink message={error?.message} />;
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
