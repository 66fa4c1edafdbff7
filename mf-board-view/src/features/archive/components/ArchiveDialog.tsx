import type { ArchivedColumn, ArchivedTask } from 'contract';
import { type ReactNode, useRef, useState } from 'react';
import { Button, errorsOf, Spinner, TextField } from 'shared-ui';
import { Modal } from 'shared-ui/widgets';
import { setArchived } from '../../../shared/archive';
import { useBoard, useReload } from '../../../shared/board-context';
import { KeptRow, keepFocus } from '../../../shared/kept-items';
import { useDenied } from '../../../shared/roles';
import { useArchive } from '../model/use-archive';
import './archive.css';

type Item = { kind: 'column'; item: ArchivedColumn } | { kind: 'task'; item: ArchivedTask };

const titleOf = (entry: Item) => (entry.kind === 'column' ? entry.item.name : entry.item.title);

/** Where it was and what it holds: a task's column, a column's cards. */
function placeOf(entry: Item): string | null {
  if (entry.kind === 'task')
    return `из колонки «${entry.item.column.name}»${entry.item.column.archived ? ' (тоже в архиве)' : ''}`;
  return entry.item.tasksCount > 0 ? `с карточками (${entry.item.tasksCount})` : null;
}

/** One archived column or task, with 'Вернуть' unless the role only reads (`readOnly`). */
function ArchiveRow({
  entry,
  readOnly,
  onBack,
}: {
  entry: Item;
  readOnly: boolean;
  onBack: (entry: Item) => void;
}) {
  const board = useBoard();
  const reload = useReload();
  const row = useRef<HTMLLIElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const title = titleOf(entry);

  const back = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await setArchived(board.id, entry.kind, entry.item.id, false);
      keepFocus(row.current);
      onBack(entry);
      void reload();
    } catch (failure) {
      setError(errorsOf(failure).message ?? 'Не удалось вернуть. Попробуйте ещё раз.');
      setBusy(false);
    }
  };

  return (
    <KeptRow
      rowRef={row}
      kind={entry.kind === 'column' ? 'Колонка' : 'Задача'}
      title={title}
      place={placeOf(entry)}
      when={{ label: 'В архиве с', at: entry.item.archivedAt, by: entry.item.archivedBy }}
      error={error}
      action={
        readOnly
          ? undefined
          : {
              text: 'Вернуть',
              label: `Вернуть ${entry.kind === 'column' ? 'колонку' : 'задачу'} «${title}» на доску`,
              busy,
              onClick: () => void back(),
            }
      }
    />
  );
}

/**
 * The board's 'Архив': columns and tasks taken off the board, kept until someone puts them back
 * ('Вернуть' returns each to its place). A search narrows both lists by title. A role that may not
 * edit reads the archive, told why there is no 'Вернуть'.
 */
export function ArchiveDialog({ onClose }: { onClose: () => void }) {
  const board = useBoard();
  const denied = useDenied('edit');
  const { archive, status, error, retry } = useArchive(board.id);
  const [query, setQuery] = useState('');
  const [gone, setGone] = useState<string[]>([]);
  const [news, setNews] = useState('');
  const needle = query.trim().toLocaleLowerCase('ru');
  const entries: Item[] = [
    ...archive.columns.map((item) => ({ kind: 'column' as const, item })),
    ...archive.tasks.map((item) => ({ kind: 'task' as const, item })),
  ].filter(
    (entry) =>
      !gone.includes(`${entry.kind}:${entry.item.id}`) &&
      (!needle || titleOf(entry).toLocaleLowerCase('ru').includes(needle)),
  );

  const onBack = (entry: Item) => {
    setGone((current) => [...current, `${entry.kind}:${entry.item.id}`]);
    setNews(`${entry.kind === 'column' ? 'Колонка' : 'Задача'} «${titleOf(entry)}» возвращена на доску`);
  };

  const total = archive.columns.length + archive.tasks.length;
  let body: ReactNode;
  if (status === 'loading') {
    body = (
      <div className="bv-kept__state">
        <Spinner label="Загрузка архива…" />
      </div>
    );
  } else if (status === 'error') {
    body = (
      <div className="bv-kept__state" role="alert">
        <p>{error}</p>
        <Button variant="secondary" onClick={retry}>
          Повторить
        </Button>
      </div>
    );
  } else if (total === 0) {
    body = <p className="bv-kept__state">В архиве пусто</p>;
  } else if (entries.length === 0) {
    body = <p className="bv-kept__state">Ничего не найдено</p>;
  } else {
    body = (
      <ul className="bv-kept__list" aria-label="В архиве">
        {entries.map((entry) => (
          <ArchiveRow
            key={`${entry.kind}:${entry.item.id}`}
            entry={entry}
            readOnly={denied !== null}
            onBack={onBack}
          />
        ))}
      </ul>
    );
  }

  return (
    <Modal title="Архив" width={600} onClose={onClose} className="bv-archive-panel">
      <p className="bv-archive__note">
        Здесь то, что убрали с доски без удаления. Архив хранится бессрочно: «Вернуть» ставит колонку или
        задачу на прежнее место.
      </p>
      {denied && (
        <p className="bv-archive__note">{denied}. Вернуть на доску может участник или администратор.</p>
      )}
      {total > 0 && (
        <TextField
          label="Поиск в архиве"
          name="archive-search"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      )}
      {body}
      <p className="ui-visually-hidden" role="status">
        {news}
      </p>
    </Modal>
  );
}
