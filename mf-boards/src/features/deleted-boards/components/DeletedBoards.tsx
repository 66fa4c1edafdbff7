import type { BoardListItem, DeletedBoard } from 'contract';
import { useEffect, useRef, useState } from 'react';
import { Button, FormError, useSubmit } from 'shared-ui';
import { useLoad } from 'shared-ui/load';
import { getDeletedBoards } from '../api/get-deleted-boards';
import { restoreBoard } from '../api/restore-board';
import { deletedText } from '../deleted-date';
import './deleted-boards.css';

interface DeletedBoardsProps {
  /**
   * False until the board list above has been shown: arriving before it, this section would be in
   * view under the list's placeholder and pushed down when the list replaces it.
   */
  show: boolean;
  /** A board was restored: the API's answer, the user's board list in the default order. */
  onRestored: (boards: BoardListItem[]) => void;
}

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * 'Недавно удалённые': the boards the user deleted in the last 30 days, each with 'Восстановить'.
 * It sits below the board list and shows nothing while loading, before the list is shown (`show`) or
 * when there is nothing to restore, so neither the list above nor this section ever moves. Boards are
 * deleted only from the board page, so reading the list when this page opens is enough.
 */
export function DeletedBoards({ show, onRestored }: DeletedBoardsProps) {
  const deleted = useLoad(getDeletedBoards);
  const boards = deleted.data ?? [];
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLUListElement>(null);
  /** The row a restored board left, for the focus once the list without it is on the page. */
  const restoredIndex = useRef<number | null>(null);

  // The row goes away with its button: the focus moves to the next row's (or the previous one's). After
  // the commit that removed it: a frame callback could come first and focus the button on its way out.
  useEffect(() => {
    const index = restoredIndex.current;
    restoredIndex.current = null;
    if (index === null || boards.length === 0) return;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button');
    buttons?.[Math.min(index, boards.length - 1)]?.focus();
  }, [boards]);

  const restored = (board: DeletedBoard, boards: BoardListItem[]) => {
    restoredIndex.current = boards.findIndex((item) => item.id === board.id);
    deleted.replace((current) => (current ?? []).filter((item) => item.id !== board.id));
    setAnnouncement(`Доска «${board.name}» восстановлена`);
    onRestored(boards);
  };

  return (
    <>
      {show && deleted.status === 'error' && (
        <div className="deleted-boards deleted-boards--error" role="alert">
          <p className="deleted-boards__error">Не удалось загрузить недавно удалённые доски.</p>
          <Button variant="secondary" size="small" onClick={() => void deleted.reload()}>
            Повторить
          </Button>
        </div>
      )}
      {show && boards.length > 0 && (
        <section className="deleted-boards" aria-labelledby="deleted-boards-title">
          <h2 className="deleted-boards__title" id="deleted-boards-title">
            Недавно удалённые
          </h2>
          <p className="deleted-boards__hint">
            Удалённую доску можно восстановить в течение 30 дней — со всеми задачами и участниками.
          </p>
          <ul className="deleted-boards__list" ref={listRef}>
            {boards.map((board) => (
              <DeletedBoardRow
                key={board.id}
                board={board}
                onRestored={(boards) => restored(board, boards)}
              />
            ))}
          </ul>
        </section>
      )}
      <p className="ui-visually-hidden" role="status">
        {announcement}
      </p>
    </>
  );
}

function DeletedBoardRow({
  board,
  onRestored,
}: {
  board: DeletedBoard;
  onRestored: (boards: BoardListItem[]) => void;
}) {
  const form = useSubmit();
  const restore = () =>
    form.submit(
      async () => {
        onRestored(await restoreBoard(board.id));
      },
      { after: 'default' },
    );

  return (
    <li className="deleted-boards__item">
      <span
        className="deleted-boards__swatch"
        style={HEX.test(board.color) ? { background: board.color } : undefined}
        aria-hidden="true"
      />
      <span className="deleted-boards__text">
        <span className="deleted-boards__name">{board.name}</span>
        <span className="deleted-boards__dates">{deletedText(board)}</span>
        <FormError>{form.errors.message}</FormError>
      </span>
      <Button
        variant="secondary"
        size="small"
        status={form.status}
        aria-label={`Восстановить доску «${board.name}»`}
        onClick={() => void restore()}
      >
        Восстановить
      </Button>
    </li>
  );
}
