import { type FocusEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router-dom';
import { errorsOf, MODAL_ROOT_ID } from 'shared-ui';
import { whenIdle } from 'shared-ui/lazy';
import { useBoardState, useReload } from '../../../shared/board-context';
import type { BoardState } from '../../../shared/board-store';
import { type Notice, type UndoOffer, useUndo } from '../../../shared/undo';
import { restoreItem } from '../api/restore-item';
import { loadTrashDialog } from './TrashPanel';
import './trash.css';

/** After the pointer or focus leaves a toast whose time ran out meanwhile, it stays this long more. */
const LINGER_MS = 2000;

/** The offered item is on the board now: null while the board cannot say (a comment). */
function itemOnBoard(state: BoardState, offer: UndoOffer): boolean | null {
  const board = state.board;
  if (!board) return null;
  if (offer.kind === 'task') return offer.id in board.tasks;
  if (offer.kind === 'column') return offer.id in board.columns;
  if (offer.kind === 'label') return board.labels.some((label) => String(label.id) === offer.id);
  return null;
}

function dismiss(key: number) {
  useUndo.setState((state) => (state.offer?.key === key ? { offer: null } : state));
}

/**
 * The topmost open modal dialog, or null. Everything behind a modal is inert (shared-ui Modal), so a
 * delete made inside one that stays open (a label in 'Метки', a comment in the task) would offer an
 * 'Отменить' nobody can press or hear: the toast moves into that dialog, where Tab reaches it too.
 */
function useTopDialog(): HTMLElement | null {
  const [dialog, setDialog] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const root = document.getElementById(MODAL_ROOT_ID);
    if (!root) return;
    const find = () => {
      const open = root.querySelectorAll<HTMLElement>('[role="dialog"][aria-modal="true"]');
      setDialog(open[open.length - 1] ?? null);
    };
    find();
    const observer = new MutationObserver(find);
    // Each modal is its own child of the root (a backdrop holding the dialog).
    observer.observe(root, { childList: true });
    return () => observer.disconnect();
  }, []);
  return dialog;
}

/**
 * 'Задача удалена · Отменить' after a delete on this board (or a notice of a copy or a move, with
 * 'Открыть' where it went: shared/undo.ts `showNotice`), for 10 s from the delete (paused while
 * pointed at or focused, then 2 s more at least). The live region is always there, so a screen
 * reader hears each new message; focus is never moved to it. A restored item comes back through the
 * board's realtime echo (`useReload`). When the region moves into or out of a dialog its message is
 * shown afresh, within the same 10 s. An item that comes back another way (from 'Корзина', by
 * another member) takes its offer away at once.
 */
export function UndoToast({ boardId }: { boardId: number }) {
  const offer = useUndo((state) => state.offer);
  const shown = offer && offer.boardId === boardId ? offer : null;
  const dialog = useTopDialog();
  // A region that moved is a new element: it is put on the page empty and filled a render later, as
  // a screen reader announces what changes in a live region, not what a new one starts with.
  const [placedIn, setPlacedIn] = useState<HTMLElement | null | undefined>(undefined);
  useEffect(() => setPlacedIn(dialog), [dialog]);
  // The offer belongs to this board page: it goes with it.
  useEffect(() => () => useUndo.getState().dismiss(), []);
  // 'Корзина' opens at once: its dialog loads while the browser is idle after the board shows.
  useEffect(() => whenIdle(() => void loadTrashDialog().catch(() => undefined), 3000), []);

  const region = (
    <div className="bv-undo" role="status" aria-live="polite">
      {shown &&
        placedIn === dialog &&
        (shown.kind === 'notice' ? (
          <NoticeShown key={shown.key} notice={shown} />
        ) : (
          <UndoOffered key={shown.key} offer={shown} />
        ))}
    </div>
  );
  return dialog ? createPortal(region, dialog) : region;
}

/**
 * The toast's time: it goes at `until` (or the key's next offer), waiting while it is pointed at or
 * focused, and at least LINGER_MS after that. Returns the handlers its element takes.
 */
function useToastTimer(key: number, until: number) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const held = useRef({ pointer: false, focus: false });

  const arm = useCallback(() => {
    clearTimeout(timer.current);
    if (held.current.pointer || held.current.focus) return;
    const left = Math.max(until - Date.now(), LINGER_MS);
    timer.current = setTimeout(() => dismiss(key), left);
  }, [key, until]);
  const hold = (what: 'pointer' | 'focus', on: boolean) => {
    held.current[what] = on;
    if (on) clearTimeout(timer.current);
    else arm();
  };

  useEffect(() => {
    arm();
    return () => clearTimeout(timer.current);
  }, [arm]);

  return {
    arm,
    stop: () => clearTimeout(timer.current),
    handlers: {
      onPointerEnter: () => hold('pointer', true),
      onPointerLeave: () => hold('pointer', false),
      onFocus: () => hold('focus', true),
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) hold('focus', false);
      },
    },
  };
}

function CloseToast({ toastKey }: { toastKey: number }) {
  return (
    <button
      type="button"
      className="bv-undo__close"
      aria-label="Закрыть уведомление"
      onClick={() => dismiss(toastKey)}
    >
      ✕
    </button>
  );
}

/** A copy or a move done: what happened, and 'Открыть' where it went when that is elsewhere. */
function NoticeShown({ notice }: { notice: Notice }) {
  const { handlers } = useToastTimer(notice.key, notice.until);
  const textId = useId();
  return (
    <div className="bv-undo__toast" {...handlers}>
      <span className="bv-undo__text" id={textId}>
        {notice.message}
      </span>
      {notice.link && (
        <Link className="bv-undo__action" to={notice.link.href} aria-describedby={textId}>
          {notice.link.text}
        </Link>
      )}
      <CloseToast toastKey={notice.key} />
    </div>
  );
}

function UndoOffered({ offer }: { offer: UndoOffer }) {
  const reload = useReload();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { arm, stop, handlers } = useToastTimer(offer.key, offer.until);

  // Gone from the board once (the delete's echo), then back: restored elsewhere.
  const present = useBoardState((state) => itemOnBoard(state, offer));
  const wasGone = useRef(false);
  useEffect(() => {
    if (present === false) wasGone.current = true;
    else if (present && wasGone.current) dismiss(offer.key);
  }, [present, offer.key]);

  const undo = async () => {
    if (busy) return;
    // The answer decides: no timeout may take the toast (and a refusal's message) away meanwhile.
    stop();
    setBusy(true);
    setError(null);
    try {
      await (offer.undo ? offer.undo() : restoreItem(offer.boardId, { kind: offer.kind, id: offer.id }));
      dismiss(offer.key);
      void reload();
    } catch (failure) {
      setError(errorsOf(failure).message ?? 'Не удалось восстановить. Попробуйте ещё раз.');
      setBusy(false);
      arm();
    }
  };

  return (
    <div className="bv-undo__toast" {...handlers}>
      <span className="bv-undo__text">
        {offer.message}
        {error && <span className="bv-undo__error"> · {error}</span>}
      </span>
      <button
        type="button"
        className="bv-undo__action"
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
        onClick={() => void undo()}
      >
        Отменить
      </button>
      <CloseToast toastKey={offer.key} />
    </div>
  );
}
