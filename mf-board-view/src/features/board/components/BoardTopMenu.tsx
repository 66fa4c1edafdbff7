import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MODALS, type ModalType, useAuthStore, useModalStore } from 'shared-ui';
import { useBoard } from '../../../shared/board-context';
import { countFilters, parseFilters } from '../../../shared/filters';
import { activeMembers } from '../../../shared/types';

function MenuButton({
  modal,
  count,
  children,
  active,
}: {
  modal: ModalType;
  count?: number;
  children: ReactNode;
  active?: boolean;
}) {
  const open = useModalStore((state) => state.open);
  return (
    <button
      type="button"
      className={['bv-menu__button', active && 'bv-menu__button--active'].filter(Boolean).join(' ')}
      onClick={() => open(modal)}
    >
      {children}
      {count !== undefined && ' '}
      {count !== undefined && <span className="bv-menu__count">{count}</span>}
    </button>
  );
}

/** Board name and the menu: Фильтр, Метки, Участники and (creator only) Доска. */
export function BoardTopMenu() {
  const board = useBoard();
  const userId = useAuthStore((state) => state.userId);
  const [params] = useSearchParams();
  const filterCount = countFilters(parseFilters(params));

  return (
    <div className="bv-menu">
      <h1 className="bv-menu__title" title={board.name}>
        {board.name}
      </h1>
      <nav className="bv-menu__buttons" aria-label="Меню доски">
        <MenuButton modal={MODALS.BOARD_FILTER} count={filterCount} active={filterCount > 0}>
          Фильтр
        </MenuButton>
        <MenuButton modal={MODALS.EDIT_LABELS} count={board.labels.length}>
          Метки
        </MenuButton>
        <MenuButton modal={MODALS.EDIT_MEMBERS} count={activeMembers(board).length}>
          Участники
        </MenuButton>
        {board.createdBy === userId && <MenuButton modal={MODALS.EDIT_BOARD}>Доска</MenuButton>}
      </nav>
    </div>
  );
}
