/**
 * The header's bell: the unread count (live) and, on click, a non-modal popover with the list. Only
 * the button is in the shell's first load; the list is its own chunk, fetched when the pointer or the
 * focus reaches the bell, or at the latest when it opens. Escape closes the popover and gives the
 * focus back to the bell; so does a click outside or the focus leaving it (without taking focus).
 */
import { type ComponentType, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button, Spinner, useOutsidePress } from 'shared-ui';
import { bellLabel } from '../bell-label';
import { useUnreadCount } from '../use-unread-count';
import type { NotificationListProps } from './NotificationList';
import './notification-bell.css';

type ListComponent = ComponentType<NotificationListProps>;
let listChunk: Promise<ListComponent> | null = null;

/** The list's chunk, loaded once (a failed load is tried again next time). */
function loadList(): Promise<ListComponent> {
  listChunk ??= import('./NotificationList').then(
    (module) => module.NotificationList,
    (error: unknown) => {
      listChunk = null;
      throw error;
    },
  );
  return listChunk;
}

function BellIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-1.7 1.7A1 1 0 0 0 4 19.4h16a1 1 0 0 0 .7-1.7L19 16Z"
      />
    </svg>
  );
}

export function NotificationBell() {
  const { unread, setUnread, invitations, changes } = useUnreadCount();
  const count = (unread ?? 0) + invitations.length;
  const [open, setOpen] = useState(false);
  const [List, setList] = useState<ListComponent | null>(null);
  const [listFailed, setListFailed] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popoverRef = useRef<HTMLDivElement>(null);
  const popoverId = useId();

  const fetchList = useCallback(() => {
    setListFailed(false);
    loadList().then(
      (component) => setList(() => component),
      () => setListFailed(true),
    );
  }, []);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    fetchList();
    popoverRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, close, fetchList]);
  useOutsidePress(rootRef, () => close(false), open);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focusout only watches where the focus goes
    <div
      className="shell-bell"
      ref={rootRef}
      onBlur={(event) => {
        // Focus moving elsewhere on the page (Tab past the list) closes the popover; a removed
        // button ('Показать ещё' after the last page) sends it nowhere and leaves it open.
        const next = event.relatedTarget as Node | null;
        if (open && next && !rootRef.current?.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="shell-bell__button"
        aria-label={bellLabel(unread, invitations.length)}
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        aria-haspopup="dialog"
        onClick={() => setOpen((value) => !value)}
        onPointerEnter={() => void loadList().catch(() => {})}
        onFocus={() => void loadList().catch(() => {})}
      >
        <BellIcon />
        {count > 0 && (
          <span className="shell-bell__badge" aria-hidden="true" data-testid="bell-badge">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      {open && (
        <div
          id={popoverId}
          ref={popoverRef}
          className="shell-bell__popover"
          role="dialog"
          aria-label="Уведомления"
          tabIndex={-1}
        >
          {List ? (
            <List
              unread={unread}
              invitations={invitations}
              changes={changes}
              onUnread={setUnread}
              onFollow={() => close(false)}
            />
          ) : listFailed ? (
            <div className="shell-bell__state" role="alert">
              <p>Не удалось загрузить уведомления.</p>
              <Button variant="secondary" size="small" onClick={fetchList}>
                Повторить
              </Button>
            </div>
          ) : (
            <Spinner label="Загрузка уведомлений" />
          )}
        </div>
      )}
    </div>
  );
}
