import { type BoardRole, can, ROLE_TITLES } from 'contract/roles';
import { type ReactNode, useEffect, useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { MODALS, type ModalType, paths, useAuthStore, useHeaderStore, useModalStore } from 'shared-ui';
import { useActivityPanel } from '../../../shared/activity-panel';
import { useArchivePanel } from '../../../shared/archive';
import { useBoard } from '../../../shared/board-context';
import { useBoardCopyPanel } from '../../../shared/board-copy-panel';
import { countFilters, parseFilters } from '../../../shared/filters';
import { activeMembers } from '../../../shared/members';
import { PresenceBar } from '../../../shared/presence-avatars';
import { PUBLIC_READ_ONLY, usePublicToken } from '../../../shared/public-board';
import { useBoardRole } from '../../../shared/roles';
import { TASK_NUMBER_OPTIONS, type TaskNumberStyle, useTaskNumberStyle } from '../../../shared/task-number';
import { useTrashPanel } from '../../../shared/trash-panel';
import { useWebhooksPanel } from '../../../shared/webhooks-panel';

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

/**
 * 'Номера задач': the user's own way to show task numbers, over the board's `showIdsMode`, on every
 * board, kept in this browser (shared/task-number.ts). A native select: keyboard and screen readers
 * know it.
 */
function TaskNumberStyleSelect() {
  const style = useTaskNumberStyle((state) => state.style);
  const setStyle = useTaskNumberStyle((state) => state.setStyle);
  const id = useId();
  return (
    <span className="bv-menu__view">
      <label htmlFor={id} className="bv-menu__view-label">
        Номера задач
      </label>
      <select
        id={id}
        className="bv-menu__select"
        value={style}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setStyle(event.target.value as TaskNumberStyle)}
      >
        <option value="board">Как на доске</option>
        {TASK_NUMBER_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <span id={`${id}-hint`} className="ui-visually-hidden">
        Только для вас, на всех досках
      </span>
    </span>
  );
}

interface MenuCounts {
  filters: number;
  labels: number;
  members: number;
  /** An administrator's: 'Доступ по ссылке', 'Вебхуки' and 'Доска' (the board's settings). */
  canManage: boolean;
  /** A public link's page: the filter and 'Номера задач' only, nothing of the members'. */
  reader: boolean;
}

/**
 * Фильтр, Метки, Участники, Активность, Архив, Корзина, Экспорт, Сохранить как шаблон, Копировать
 * доску, (administrators only) Доступ по ссылке, Вебхуки and Доска, and the personal 'Номера задач': on the page and in the burger panel. A
 * public link's reader gets the filter and 'Номера задач'.
 */
function MenuButtons({ counts, place }: { counts: MenuCounts; place: 'page' | 'panel' }) {
  const openActivity = useActivityPanel((state) => state.setOpen);
  const openTrash = useTrashPanel((state) => state.setOpen);
  const openArchive = useArchivePanel((state) => state.setOpen);
  const openWebhooks = useWebhooksPanel((state) => state.setOpen);
  const openCopy = useBoardCopyPanel((state) => state.setOpen);
  const filter = (
    <MenuButton modal={MODALS.BOARD_FILTER} count={counts.filters} active={counts.filters > 0}>
      Фильтр
    </MenuButton>
  );
  if (counts.reader) {
    return (
      <nav className={`bv-menu__buttons bv-menu__buttons--${place}`} aria-label="Меню доски">
        {filter}
        <TaskNumberStyleSelect />
      </nav>
    );
  }
  return (
    <nav className={`bv-menu__buttons bv-menu__buttons--${place}`} aria-label="Меню доски">
      {filter}
      <MenuButton modal={MODALS.EDIT_LABELS} count={counts.labels}>
        Метки
      </MenuButton>
      <MenuButton modal={MODALS.EDIT_MEMBERS} count={counts.members}>
        Участники
      </MenuButton>
      <button
        type="button"
        className="bv-menu__button"
        aria-haspopup="dialog"
        onClick={() => openActivity(true)}
      >
        Активность
      </button>
      <button
        type="button"
        className="bv-menu__button"
        aria-haspopup="dialog"
        onClick={() => openArchive(true)}
      >
        Архив
      </button>
      <button
        type="button"
        className="bv-menu__button"
        aria-haspopup="dialog"
        onClick={() => openTrash(true)}
      >
        Корзина
      </button>
      <MenuButton modal={MODALS.EXPORT_BOARD}>Экспорт</MenuButton>
      <button
        type="button"
        className="bv-menu__button"
        aria-haspopup="dialog"
        onClick={() => openCopy('template')}
      >
        Сохранить как шаблон
      </button>
      <button
        type="button"
        className="bv-menu__button"
        aria-haspopup="dialog"
        onClick={() => openCopy('copy')}
      >
        Копировать доску
      </button>
      {counts.canManage && <MenuButton modal={MODALS.PUBLIC_LINK}>Доступ по ссылке</MenuButton>}
      {counts.canManage && (
        <button
          type="button"
          className="bv-menu__button"
          aria-haspopup="dialog"
          onClick={() => openWebhooks(true)}
        >
          Вебхуки
        </button>
      )}
      {counts.canManage && <MenuButton modal={MODALS.EDIT_BOARD}>Доска</MenuButton>}
      <TaskNumberStyleSelect />
    </nav>
  );
}

/** What a role that may not edit is allowed, next to the board's name: why there is nothing to add or drag. */
function RoleNote({ role }: { role: BoardRole }) {
  if (role !== 'viewer' && role !== 'commenter') return null;
  return (
    <span className="bv-menu__role">
      {ROLE_TITLES[role]}: {role === 'viewer' ? 'только чтение' : 'чтение и комментарии'}
    </span>
  );
}

/** A public link's page, beside the board's name: that it only shows, and 'Войти' for a visitor. */
function PublicNote() {
  const signedIn = useAuthStore((state) => state.token !== null);
  return (
    <span className="bv-menu__role bv-menu__public">
      <span>{PUBLIC_READ_ONLY}</span>
      {!signedIn && (
        <>
          {' · '}
          <Link className="bv-menu__signin" to={paths.login.href()}>
            Войти
          </Link>
        </>
      )}
    </span>
  );
}

/**
 * Board name and the menu. Under 720px the menu moves into the shell's burger panel (SPEC: the panel
 * holds "an optional left menu"), put there through shared-ui's header store while the board is open.
 */
export function BoardTopMenu() {
  const board = useBoard();
  const role = useBoardRole();
  const [params] = useSearchParams();
  const filters = countFilters(parseFilters(params));
  const labels = board.labels.length;
  const members = activeMembers(board).length;
  const canManage = can(role, 'manage');
  const reader = usePublicToken() !== null;

  useEffect(() => {
    const counts = { filters, labels, members, canManage, reader };
    useHeaderStore.getState().setLeftMenu(<MenuButtons counts={counts} place="panel" />);
  }, [filters, labels, members, canManage, reader]);
  useEffect(() => () => useHeaderStore.getState().setLeftMenu(null), []);

  return (
    <div className="bv-menu">
      <h1 className="bv-menu__title" title={board.name}>
        {board.name}
      </h1>
      {reader ? <PublicNote /> : <RoleNote role={role} />}
      {!reader && <PresenceBar />}
      <MenuButtons counts={{ filters, labels, members, canManage, reader }} place="page" />
    </div>
  );
}
