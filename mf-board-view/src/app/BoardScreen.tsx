import { useEffect, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { ApiError, onBoardVersion, watchBoard } from 'shared-ui';
import { useIdleAfterPaint } from 'shared-ui/lazy';
import { useStore } from 'zustand';
import { ActivityPanel } from '../features/activity/components/ActivityPanel';
import { ArchivePanel } from '../features/archive/components/ArchivePanel';
import { getBoard, getPublicBoard } from '../features/board/api/get-board';
import { BoardLoadState } from '../features/board/components/BoardLoadState';
import { BoardTopMenu } from '../features/board/components/BoardTopMenu';
import { useBoardPage } from '../features/board/model/use-board-page';
import { BoardCopyPanel } from '../features/copy/components/BoardCopyPanel';
import { isBigBoard, loadDragAndDrop } from '../features/dnd/components/DndBoard';
import { HISTORY_FIELD_LABELS } from '../features/task-modal/model/task-form';
import { TrashPanel } from '../features/trash/components/TrashPanel';
import { UndoToast } from '../features/trash/components/UndoToast';
import { WebhooksPanel } from '../features/webhooks/components/WebhooksPanel';
import { useActivityPanel } from '../shared/activity-panel';
import { useArchivePanel } from '../shared/archive';
import { BoardStoreProvider, useBoardState } from '../shared/board-context';
import { useBoardCopyPanel } from '../shared/board-copy-panel';
import { createBoardStore } from '../shared/board-store';
import { textOn } from '../shared/color';
import { dueRefreshDelay } from '../shared/due';
import { parseFilters, viewerZone } from '../shared/filters';
import { PUBLIC_GONE, usePublicToken } from '../shared/public-board';
import { useCan } from '../shared/roles';
import { useTrashPanel } from '../shared/trash-panel';
import { useWebhooksPanel } from '../shared/webhooks-panel';
import { BoardCanvas } from './BoardCanvas';
import { BoardOverlays } from './lazy-overlays';
import './board.css';
import { useWatchPresence } from '../shared/presence';

/** A failed reload with the board still shown: why, that the data may be old, and a way to retry. */
function StaleNotice() {
  const stale = useBoardState((state) => state.stale);
  const reload = useBoardState((state) => state.reload);
  return (
    <div className="bv-stale" role="status">
      {stale && (
        <>
          <span>{stale} Показаны последние загруженные данные.</span>
          <button type="button" className="bv-stale__retry" onClick={() => void reload()}>
            Повторить
          </button>
        </>
      )}
    </div>
  );
}

/** `settled`: the board has been painted, and the browser idle since (BoardScreen's `useIdleAfterPaint`). */
function BoardPage({ settled }: { settled: boolean }) {
  useBoardPage();
  const hasBoard = useBoardState((state) => state.board !== null);
  const color = useBoardState((state) => state.board?.color);
  const boardId = useBoardState((state) => state.board?.id ?? Number(state.boardId));
  const { taskNumber } = useParams();
  const activityOpen = useActivityPanel((state) => state.open);
  const trashOpen = useTrashPanel((state) => state.open);
  const archiveOpen = useArchivePanel((state) => state.open);
  const copyOpen = useBoardCopyPanel((state) => state.open);
  // An administrator's: closed, like the modals of BoardModalSwitch, when the role stops allowing it.
  const canManage = useCan('manage');
  const webhooksOpen = useWebhooksPanel((state) => state.open) && canManage;
  useWatchPresence(boardId);
  // The panels belong to this board: they close when the board goes.
  useEffect(
    () => () => {
      useActivityPanel.getState().setOpen(false);
      useTrashPanel.getState().setOpen(false);
      useArchivePanel.getState().setOpen(false);
      useWebhooksPanel.getState().setOpen(false);
      useBoardCopyPanel.getState().setOpen(null);
    },
    [],
  );
  useEffect(() => {
    if (hasBoard && !canManage) useWebhooksPanel.getState().setOpen(false);
  }, [hasBoard, canManage]);
  return (
    <div
      className={color ? 'bv-page bv-page--colored' : 'bv-page'}
      style={
        color
          ? { ['--bv-board-color' as string]: color, ['--bv-board-fg' as string]: textOn(color) }
          : undefined
      }
    >
      {hasBoard ? (
        <>
          <BoardTopMenu />
          <StaleNotice />
          {/* Next to the menu in the tab order, though it shows at the bottom: a few Tabs away. */}
          <UndoToast boardId={boardId} />
          <BoardCanvas />
          {/* An open task's modal at once; the board's modals' code once the board has settled (a modal
              asked for before that opens as it arrives: the modal store keeps the request). */}
          {(taskNumber || settled) && <BoardOverlays taskNumber={taskNumber} />}
          {activityOpen && (
            <ActivityPanel
              fieldLabels={HISTORY_FIELD_LABELS}
              onClose={() => useActivityPanel.getState().setOpen(false)}
            />
          )}
          {trashOpen && <TrashPanel onClose={() => useTrashPanel.getState().setOpen(false)} />}
          {archiveOpen && <ArchivePanel onClose={() => useArchivePanel.getState().setOpen(false)} />}
          {webhooksOpen && <WebhooksPanel onClose={() => useWebhooksPanel.getState().setOpen(false)} />}
          {copyOpen && (
            <BoardCopyPanel kind={copyOpen} onClose={() => useBoardCopyPanel.getState().setOpen(null)} />
          )}
        </>
      ) : (
        <BoardLoadState />
      )}
    </div>
  );
}

/**
 * /board/:boardId (and /task/:taskNumber): one board store, fed by the URL's filters. Under a public
 * link's route (shared/public-board.tsx: `boardId` is then the link's token, the store's key) the
 * board comes from the public API and is watched by the link; a 404 of either (the link turned off or
 * replaced) takes the board off the screen for the dead link's message, and nothing more is watched.
 */
export function BoardScreen({ boardId }: { boardId: string }) {
  const publicToken = usePublicToken();
  const [params] = useSearchParams();
  const filters = useMemo(() => parseFilters(params), [params]);
  // A big board waits for drag and drop before it is drawn (DndBoard): it is asked for as soon as the
  // answer's headers say how many tasks are coming, while its body is still being read and stored.
  // DndBoard asks again, and retries a failure.
  const [store] = useState(() => {
    const onTaskCount = (count: number) => {
      if (isBigBoard(count)) loadDragAndDrop().catch(() => {});
    };
    const created = createBoardStore(
      boardId,
      (id, requested) =>
        publicToken
          ? getPublicBoard(publicToken, requested, onTaskCount).catch((error: unknown) => {
              if (error instanceof ApiError && error.status === 404) created.getState().drop(404, error.body);
              throw error;
            })
          : getBoard(id, requested, onTaskCount),
      filters,
    );
    return created;
  });
  const gone = useStore(store, (state) => publicToken !== null && state.httpStatus === 404);

  useEffect(() => {
    if (store.getState().status === 'default') void store.getState().reload();
  }, [store]);

  // Live updates: every change anyone makes to the board is applied from its update's patch (or
  // re-fetched once when it cannot be); a reconnect re-fetches, and so does a refused subscription,
  // which turns lost access into the 403 redirect. The watch starts once the board is painted and the
  // browser idle, so the socket's code does not compete with the board's first screen; a change made
  // before the subscription is caught by its version check (currentVersion).
  const settled = useIdleAfterPaint(useStore(store, (state) => state.board !== null));
  useEffect(() => {
    if (!settled || gone) return;
    return watchBoard(publicToken ? { publicToken } : Number(boardId), {
      onChange: (update) => void (update ? store.getState().applyUpdate(update) : store.getState().resync()),
      onForbidden: () => void store.getState().resync(),
      onGone: () => store.getState().drop(404, { message: PUBLIC_GONE }),
      onLive: (live) => store.getState().setLive(live),
      currentVersion: () => store.getState().serverBoard?.version ?? null,
    });
  }, [store, boardId, publicToken, settled, gone]);

  // This user's mutations name the version they left, so their echo is awaited instead of a re-fetch.
  useEffect(() => onBoardVersion((change) => store.getState().expectVersion(change)), [store]);

  // The board is re-fetched whenever the filter part of the query changes (not when a task opens).
  useEffect(() => {
    void store.getState().setFilters(filters);
  }, [store, filters]);

  // A due filter's answer also changes with time alone: re-fetch when its day or week ends, and now
  // and then for 'overdue' (shared/due.ts), a second late so the server's clock is past it too; each
  // re-fetch sets the next one.
  const [dueRound, setDueRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each round arms the next timer
  useEffect(() => {
    // Without a due filter there is nothing to wait for: the zone is not read (Intl's first
    // DateTimeFormat costs about 20 ms, on the board's first screen).
    if (filters.due.length === 0) return;
    const delay = dueRefreshDelay(filters.due, viewerZone(), Date.now());
    if (delay === null) return;
    const timer = setTimeout(() => {
      void store.getState().reload();
      setDueRound((round) => round + 1);
    }, delay + 1000);
    return () => clearTimeout(timer);
  }, [store, filters, dueRound]);

  return (
    <BoardStoreProvider store={store}>
      <BoardPage settled={settled} />
    </BoardStoreProvider>
  );
}
