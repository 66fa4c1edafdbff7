import { Button } from 'shared-ui';
import './remote-slot.css';

interface RemoteErrorProps {
  title: string;
  onRetry: () => void;
  retrying?: boolean;
}

/** The in-page area shown when a remote cannot be loaded or crashes. */
export function RemoteError({ title, onRetry, retrying = false }: RemoteErrorProps) {
  return (
    <section className="shell-remote-error" role="alert" aria-live="assertive">
      <div className="ui-error-mark" aria-hidden="true">
        !
      </div>
      <h2 className="shell-remote-error__title">Не удалось загрузить раздел</h2>
      <p className="shell-remote-error__text">
        Раздел «{title}» сейчас недоступен. Проверьте подключение к интернету и попробуйте ещё раз.
      </p>
      <Button onClick={onRetry} status={retrying ? 'loading' : 'default'}>
        Повторить
      </Button>
    </section>
  );
}
