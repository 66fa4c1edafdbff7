import type { BoardListItem } from 'contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, MODALS, paths, useModalStore, watchLists } from 'shared-ui';
import { retryImport, useIdleAfterPaint } from 'shared-ui/lazy';
import { BoardList } from '../features/board-list/components/BoardList';
import { BoardsToolbar } from '../features/board-list/components/BoardsToolbar';
import { useBoardList } from '../features/board-list/use-board-list';
import { useViewSettings } from '../features/board-list/view-settings-store';
import { DeletedBoards } from '../features/deleted-boards/components/DeletedBoards';
import { Invitations } from '../features/invitations/components/Invitations';
import { useInvitations } from '../features/invitations/use-invitations';
import { sortQuery } from '../sort-query';
import '../components/page/page.css';
import './main-page.css';

/**
 * 'Мои доски': wires the features together. The board list state lives here so that creating a
 * board (the API answers the new list), accepting an invitation (reload) and restoring a deleted
 * board (the API answers the list in the default order: taken as it is in that order, else reloaded)
 * all update it.
 *
 * Nothing that is shown moves when an answer arrives: the first answers of the board list and of the
 * invitations (both requested at once) replace the list's placeholder together, with 'Приглашения'
 * (when there are any) and the toolbar above the list, and 'Недавно удалённые' shows only under a
 * shown list. Arriving on its own, either section would push down what is already on the screen.
 * The list waits for the invitations at most INVITATIONS_WAIT_MS after its own answer, so that a
 * slow invitations request cannot keep the boards hidden (only then can the section push them).
 * Once shown, both lists follow the server live: an invitation arriving or withdrawn, a board renamed
 * or lost (the session socket's `lists`, also heard after a reconnect) reads them again. So does an
 * imported board, created by a job on the server whether or not its dialog is still open.
 */
const INVITATIONS_WAIT_MS = 1000;

/**
 * 'Новая доска' is not part of the first screen: its own chunk (with shared-ui's widgets), fetched once
 * the list has been painted and the browser is idle, so opening it stays instant.
 */
const loadCreateBoardModal = () =>
  retryImport(() => import('../features/create-board/components/CreateBoardModal'));
const CreateBoardModal = lazy(() =>
  loadCreateBoardModal().then((module) => ({ default: module.CreateBoardModal })),
);

/** 'Импорт доски' is rarer still: its chunk is fetched when the button is pointed at, focused or pressed. */
const loadImportBoardModal = () =>
  retryImport(() => import('../features/import-board/components/ImportBoardModal'));
const ImportBoardModal = lazy(() =>
  loadImportBoardModal().then((module) => ({ default: module.ImportBoardModal })),
);
const preloadImportBoardModal = () => void loadImportBoardModal();

export function MainPage() {
  const view = useViewSettings((state) => state.view);
  const sort = useViewSettings((state) => state.sort);
  const boards = useBoardList(sort);
  const invitations = useInvitations();
  const listAnswered = boards.boards !== null || boards.status === 'error';
  const [waited, setWaited] = useState(false);
  const settled = listAnswered && (invitations.loaded || waited);
  const modal = useModalStore((state) => state.modal);
  const openModal = useModalStore((state) => state.open);
  const [search] = useSearchParams();
  const highlight = Number(search.get('invitation')) || null;
  const reloadBoards = boards.reload;
  const reloadInvitations = invitations.reload;

  const onRestored = (list: BoardListItem[]) => (sortQuery(sort) ? boards.reload() : boards.replace(list));

  useEffect(() => {
    if (!listAnswered || invitations.loaded) return;
    const timer = setTimeout(() => setWaited(true), INVITATIONS_WAIT_MS);
    return () => clearTimeout(timer);
  }, [listAnswered, invitations.loaded]);

  useEffect(() => {
    if (!settled) return;
    return watchLists(() => {
      void reloadBoards();
      void reloadInvitations();
    });
  }, [settled, reloadBoards, reloadInvitations]);

  useEffect(() => {
    const title = document.title;
    document.title = 'Мои доски — Канбан';
    // Leaving the page (e.g. following a board link) must not leave this page's modals open.
    return () => {
      document.title = title;
      const { modal, close } = useModalStore.getState();
      if (modal === MODALS.CREATE_BOARD || modal === MODALS.IMPORT_BOARD) close();
    };
  }, []);

  return (
    <div className="boards-page">
      <div className="boards-page__head main-page__head">
        <h1 className="boards-page__title">Мои доски</h1>
        <div className="main-page__actions">
          <Link className="main-page__link" to={paths.myTasks.href()}>
            Мои задачи
          </Link>
          <Button
            variant="secondary"
            onPointerEnter={preloadImportBoardModal}
            onFocus={preloadImportBoardModal}
            onClick={() => openModal(MODALS.IMPORT_BOARD)}
          >
            Импорт
          </Button>
          <Button onClick={() => openModal(MODALS.CREATE_BOARD)}>Создать доску</Button>
        </div>
      </div>
      {settled ? (
        <>
          <Invitations
            invitations={invitations.invitations}
            reload={invitations.reload}
            onChange={boards.reload}
            highlight={highlight}
          />
          <BoardsToolbar />
          <BoardList status={boards.status} boards={boards.boards} view={view} onRetry={boards.reload} />
        </>
      ) : (
        <BoardList status="loading" boards={null} view={view} onRetry={boards.reload} />
      )}
      <DeletedBoards show={settled} onRestored={onRestored} />
      <PreloadCreateBoard ready={settled} />
      {modal === MODALS.CREATE_BOARD && (
        <Suspense fallback={null}>
          <CreateBoardModal sort={sort} onCreated={boards.replace} />
        </Suspense>
      )}
      {modal === MODALS.IMPORT_BOARD && (
        <Suspense fallback={null}>
          <ImportBoardModal onImported={boards.reload} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * Fetches 'Новая доска' once the list is painted and the browser is quiet. A component of its own, so
 * that the page does not render again for it.
 */
function PreloadCreateBoard({ ready }: { ready: boolean }) {
  const painted = useIdleAfterPaint(ready);
  useEffect(() => {
    if (painted) void loadCreateBoardModal();
  }, [painted]);
  return null;
}
