import type { BoardListItem } from 'contract';
import { ROLE_TITLES } from 'contract/roles';
import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { Button, MODALS, paths, useModalStore } from 'shared-ui';
import type { BoardListState } from '../use-board-list';
import type { BoardView } from '../view-settings-store';
import { boardColor, textColorOn } from './board-color';
import '../../../components/page/page.css';
import './board-list.css';

interface BoardListProps extends BoardListState {
  view: BoardView;
  onRetry: () => void;
}

/** The boards as a list or as cards, with loading, error and empty states. */
export function BoardList({ status, boards, view, onRetry }: BoardListProps) {
  const openModal = useModalStore((state) => state.open);

  if (status === 'error') {
    return (
      <div className="boards-state boards-state--error" role="alert">
        <div className="ui-error-mark" aria-hidden="true">
          !
        </div>
        <h2 className="boards-state__title">Не удалось загрузить доски</h2>
        <p className="boards-state__text">Попробуйте ещё раз — обычно это помогает.</p>
        <Button variant="secondary" onClick={onRetry}>
          Повторить
        </Button>
      </div>
    );
  }

  if (!boards) return <BoardsSkeleton view={view} />;

  if (boards.length === 0) {
    if (status !== 'success') return <BoardsSkeleton view={view} />;
    return (
      <div className="boards-state">
        <div className="boards-state__art" aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
        <h2 className="boards-state__title">У вас пока нет досок</h2>
        <p className="boards-state__text">Создайте первую — и пусть задачи наконец узнают своё место.</p>
        <Button onClick={() => openModal(MODALS.CREATE_BOARD)}>Создать</Button>
      </div>
    );
  }

  const busy = status === 'loading';
  if (view === 'list') {
    return (
      <ul className="boards-list" aria-label="Доски" aria-busy={busy || undefined}>
        {boards.map((board) => (
          <li key={board.id}>
            <Link className="boards-list__item ui-row-link" to={paths.board.href({ boardId: board.id })}>
              <span className="boards-list__swatch" style={{ background: boardColor(board.color) }} />
              <span className="boards-list__name">{board.name}</span>
              <RoleBadge role={board.role} />
              <span className="boards-list__arrow" aria-hidden="true">
                →
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <ul className="boards-cards" aria-label="Доски" aria-busy={busy || undefined}>
      {boards.map((board) => (
        <li key={board.id}>
          <BoardCard board={board} />
        </li>
      ))}
    </ul>
  );
}

/** A commenter's or a viewer's role on the board, at a glance: there they read (and comment) only. */
function RoleBadge({ role }: { role: BoardListItem['role'] }) {
  if (role !== 'viewer' && role !== 'commenter') return null;
  return (
    <span className="boards-role">
      <span className="ui-visually-hidden">, роль: </span>
      {ROLE_TITLES[role]}
    </span>
  );
}

function BoardCard({ board }: { board: BoardListItem }) {
  const color = boardColor(board.color);
  const style = { '--board-color': color, '--board-text': textColorOn(color) } as CSSProperties;
  return (
    <Link className="boards-card" style={style} to={paths.board.href({ boardId: board.id })}>
      <span className="boards-card__name">{board.name}</span>
      <RoleBadge role={board.role} />
      <span className="boards-card__columns" aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
    </Link>
  );
}

function BoardsSkeleton({ view }: { view: BoardView }) {
  return (
    <div
      className={view === 'list' ? 'boards-list' : 'boards-cards'}
      role="status"
      aria-label="Загрузка досок"
    >
      {[0, 1, 2].map((index) => (
        <div key={index} className={`boards-skeleton boards-skeleton--${view}`} />
      ))}
    </div>
  );
}
