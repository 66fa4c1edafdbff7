import type { TrashKind } from 'contract';
import { type ReactNode, useRef, useState } from 'react';
import { Button, errorsOf, Spinner } from 'shared-ui';
import { Modal, useConfirmedAction } from 'shared-ui/widgets';
import { useBoard, useReload } from '../../../shared/board-context';
import { KeptRow, keepFocus } from '../../../shared/kept-items';
import { useCan, useDenied } from '../../../shared/roles';
import { emptyTrash } from '../api/empty-trash';
import type { TrashItem } from '../api/get-trash';
import { restoreItem } from '../api/restore-item';
import { useTrash } from '../model/use-trash';
import './trash.css';

const KIND: Record<TrashKind, { name: string; accusative: string; restored: string }> = {
  task: { name: 'Задача', accusative: 'задачу', restored: 'восстановлена' },
  column: { name: 'Колонка', accusative: 'колонку', restored: 'восстановлена' },
  label: { name: 'Метка', accusative: 'метку', restored: 'восстановлена' },
  comment: { name: 'Комментарий', accusative: 'комментарий', restored: 'восстановлен' },
};

/** Where it was: a task's column, a comment's task, how many cards went with a column. */
function placeOf(item: TrashItem): string | null {
  if (item.kind === 'comment' && item.task) return `к задаче «${item.task.title}»`;
  if (item.kind === 'task' && item.column) return `из колонки «${item.column.name}»`;
  if (item.kind === 'column' && item.tasksCount) return `с карточками (${item.tasksCount})`;
  return null;
}

/** One deleted item, with 'Восстановить' unless the role only reads (`readOnly`). */
function TrashRow({
  item,
  readOnly,
  onRestored,
}: {
  item: TrashItem;
  readOnly: boolean;
  onRestored: (item: TrashItem) => void;
}) {
  const board = useBoard();
  const row = useRef<HTMLLIElement>(null);
  const reload = useReload();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const kind = KIND[item.kind];
  const place = placeOf(item);

  const restore = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await restoreItem(board.id, { kind: item.kind, id: item.id });
      keepFocus(row.current);
      onRestored(item);
      void reload();
    } catch (failure) {
      setError(errorsOf(failure).message ?? 'Не удалось восстановить. Попробуйте ещё раз.');
      setBusy(false);
    }
  };

  return (
    <KeptRow
      rowRef={row}
      kind={kind.name}
      title={item.title}
      place={place}
      when={{ label: 'Удалено', at: item.deletedAt, by: item.deletedBy }}
      error={error}
      action={
        readOnly
          ? undefined
          : {
              text: 'Восстановить',
              label: `Восстановить ${kind.accusative} «${item.title}»`,
              busy,
              onClick: () => void restore(),
            }
      }
    />
  );
}

/**
 * The board's 'Корзина': what was deleted, by whom and when; a role that may edit restores, an
 * administrator empties it; a commenter or a viewer reads it, told why there is no 'Восстановить'.
 */
export function TrashDialog({ onClose }: { onClose: () => void }) {
  const board = useBoard();
  const denied = useDenied('edit');
  const canEmpty = useCan('manage');
  const reload = useReload();
  const trash = useTrash(board.id);
  const [emptyError, setEmptyError] = useState<string | null>(null);
  const [news, setNews] = useState('');
  const empty = useConfirmedAction({ onError: (errors) => setEmptyError(errors.message ?? null) });

  const onEmpty = () => {
    const confirm = {
      title: 'Очистить корзину?',
      message: `Удалённые элементы (${trash.items.length}) будут стёрты навсегда вместе с файлами.`,
      confirmText: 'Очистить корзину',
    };
    void empty.run(confirm, async () => {
      setEmptyError(null);
      await emptyTrash(board.id);
      await Promise.all([trash.reread(), reload()]);
    });
  };

  const onRestored = (item: TrashItem) => {
    const kind = KIND[item.kind];
    setNews(`${kind.name} «${item.title}» ${kind.restored}`);
    trash.drop(item);
  };

  let body: ReactNode;
  if (trash.status === 'loading') {
    body = (
      <div className="bv-kept__state">
        <Spinner label="Загрузка корзины…" />
      </div>
    );
  } else if (trash.status === 'error') {
    body = (
      <div className="bv-kept__state" role="alert">
        <p>{trash.error}</p>
        <Button variant="secondary" onClick={trash.retry}>
          Повторить
        </Button>
      </div>
    );
  } else if (trash.items.length === 0) {
    body = <p className="bv-kept__state">Корзина пуста</p>;
  } else {
    body = (
      <ul className="bv-kept__list" aria-label="Удалённые элементы">
        {trash.items.map((item) => (
          <TrashRow
            key={`${item.kind}:${item.id}`}
            item={item}
            readOnly={denied !== null}
            onRestored={onRestored}
          />
        ))}
      </ul>
    );
  }

  return (
    <Modal title="Корзина" width={600} onClose={onClose} className="bv-trash-panel">
      <p className="bv-trash__note">Удалённое хранится здесь 30 дней, потом стирается навсегда.</p>
      {denied && <p className="bv-trash__note">{denied}. Восстановить может участник или администратор.</p>}
      {body}
      <p className="ui-visually-hidden" role="status">
        {news}
      </p>
      {canEmpty && trash.status === 'success' && trash.items.length > 0 && (
        <div className="bv-trash__footer">
          {emptyError && (
            <p className="bv-kept__error" role="alert">
              {emptyError}
            </p>
          )}
          <Button variant="fail" status={empty.status} onClick={onEmpty}>
            Очистить корзину
          </Button>
        </div>
      )}
      {empty.confirmDialog}
    </Modal>
  );
}
