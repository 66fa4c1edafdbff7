/**
 * The bell's popover content (its own chunk): the newest notifications, 30 at a time with 'Показать
 * ещё', each a link to its task. Following a link marks that notification read; 'Прочитать все'
 * marks every one. A live change while the list is open re-reads the first page, keeping what was
 * loaded below it. Pending invitations come first, each a link to 'Мои доски' with it highlighted,
 * where it is accepted or declined; they stay until then.
 */
import type { Invitation } from 'contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, paths, Spinner, type Status, useServerNow } from 'shared-ui';
import { getNotifications, NOTIFICATIONS_PAGE, type NotificationItem } from '../api/get-notifications';
import { markAllRead } from '../api/mark-all-read';
import { markRead } from '../api/mark-read';
import { exactTime, notificationExcerpt, notificationText, relativeTime } from '../notification-text';
import './notification-list.css';

export interface NotificationListProps {
  /** The bell's count, to tell whether 'Прочитать все' has anything to do. */
  unread: number | null;
  /** The user's pending invitations (live). */
  invitations: Invitation[];
  /** Grows with every live change: the first page is read again. */
  changes: number;
  /** The count the API answered after marking some read. */
  onUnread: (unread: number) => void;
  /** A notification's link was followed (the popover closes). */
  onFollow: () => void;
}

interface ListState {
  status: 'loading' | 'success' | 'error';
  items: NotificationItem[];
  /** The last page was full, so there may be more. */
  more: boolean;
  moreStatus: Status;
}

/** The fresh first page, then what was loaded after it (newest first, no repeats). */
function mergeFirstPage(page: NotificationItem[], loaded: NotificationItem[]): NotificationItem[] {
  const fresh = new Set(page.map((item) => item.id));
  const oldest = page.at(-1)?.id;
  return [
    ...page,
    ...loaded.filter((item) => !fresh.has(item.id) && (oldest === undefined || item.id < oldest)),
  ];
}

export function NotificationList({
  unread,
  invitations,
  changes,
  onUnread,
  onFollow,
}: NotificationListProps) {
  // '5 минут назад' by the server's clock, renewed every 30 s while the list is open.
  const now = useServerNow();
  const [state, setState] = useState<ListState>({
    status: 'loading',
    items: [],
    more: false,
    moreStatus: 'default',
  });
  const [readAllStatus, setReadAllStatus] = useState<Status>('default');
  const firstChanges = useRef(changes);

  const loadFirst = useCallback((signal?: AbortSignal) => {
    getNotifications(undefined, signal).then(
      (page) => {
        if (signal?.aborted) return;
        setState((current): ListState => {
          const more = page.length >= NOTIFICATIONS_PAGE;
          if (current.status !== 'success')
            return { status: 'success', items: page, more, moreStatus: 'default' };
          const items = mergeFirstPage(page, current.items);
          // Older pages loaded below keep their own answer to 'is there more'.
          return { ...current, items, more: items.length > page.length ? current.more : more };
        });
      },
      () => {
        if (signal?.aborted) return;
        // A failed live refresh keeps the list on screen; only a first load shows the error.
        setState((current) => (current.status === 'success' ? current : { ...current, status: 'error' }));
      },
    );
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    loadFirst(controller.signal);
    return () => controller.abort();
  }, [loadFirst]);

  useEffect(() => {
    if (changes === firstChanges.current) return;
    const controller = new AbortController();
    loadFirst(controller.signal);
    return () => controller.abort();
  }, [changes, loadFirst]);

  const loadMore = () => {
    const oldest = state.items.at(-1);
    if (!oldest) return;
    setState((current) => ({ ...current, moreStatus: 'processing' }));
    getNotifications(oldest.id).then(
      (page) =>
        setState((current) => ({
          ...current,
          items: [...current.items, ...page.filter((item) => item.id < oldest.id)],
          more: page.length >= NOTIFICATIONS_PAGE,
          moreStatus: 'default',
        })),
      () => setState((current) => ({ ...current, moreStatus: 'error' })),
    );
  };

  const readAll = () => {
    setReadAllStatus('processing');
    markAllRead().then(
      (answer) => {
        setReadAllStatus('default');
        setState((current) => ({
          ...current,
          items: current.items.map((item) => ({ ...item, read: true })),
        }));
        onUnread(answer.unread);
      },
      () => setReadAllStatus('error'),
    );
  };

  const follow = (item: NotificationItem) => {
    onFollow();
    if (item.read) return;
    markRead([item.id]).then(
      (answer) => onUnread(answer.unread),
      // The notification stays unread; nothing else depends on it.
      () => {},
    );
  };

  const hasUnread = (unread ?? 0) > 0 || state.items.some((item) => !item.read);

  return (
    <div className="shell-notifications">
      <div className="shell-notifications__head">
        <h2 className="shell-notifications__title">Уведомления</h2>
        <Button
          variant="secondary"
          size="small"
          status={readAllStatus}
          disabled={!hasUnread}
          onClick={readAll}
        >
          Прочитать все
        </Button>
      </div>
      {invitations.length > 0 && (
        <ul className="shell-notifications__list shell-notifications__invitations" aria-label="Приглашения">
          {invitations.map((invitation) => (
            <li key={invitation.id}>
              <Link
                className="shell-notification ui-row-link shell-notification--unread"
                to={`${paths.home.href()}?invitation=${invitation.id}`}
                onClick={onFollow}
              >
                <span className="shell-notification__dot" aria-hidden="true" />
                <span className="shell-notification__body">
                  <span className="shell-notification__text">
                    Вас пригласили на доску «{invitation.board.name}»
                  </span>
                  <span className="shell-notification__meta">Принять или отклонить — в «Мои доски»</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {state.status === 'loading' && <Spinner label="Загрузка уведомлений" />}
      {state.status === 'error' && (
        <div className="shell-notifications__state" role="alert">
          <p>Не удалось загрузить уведомления.</p>
          <Button
            variant="secondary"
            size="small"
            onClick={() => {
              setState((current) => ({ ...current, status: 'loading' }));
              loadFirst();
            }}
          >
            Повторить
          </Button>
        </div>
      )}
      {state.status === 'success' && state.items.length === 0 && invitations.length === 0 && (
        <div className="shell-notifications__state">
          <p className="shell-notifications__empty">Уведомлений пока нет</p>
          <p className="shell-notifications__hint">
            Здесь появятся напоминания о сроках ваших задач, упоминания и изменения задач, за которыми вы
            следите.
          </p>
        </div>
      )}
      {state.items.length > 0 && (
        <ul className="shell-notifications__list">
          {state.items.map((item) => (
            <li key={item.id}>
              <Link
                className={`shell-notification ui-row-link${item.read ? '' : ' shell-notification--unread'}`}
                to={
                  item.task
                    ? paths.boardTask.href({ boardId: item.task.boardId, taskNumber: item.task.number })
                    : paths.board.href({ boardId: item.board.id })
                }
                onClick={() => follow(item)}
              >
                <span className="shell-notification__dot" aria-hidden="true" />
                <span className="shell-notification__body">
                  {!item.read && <span className="ui-visually-hidden">Непрочитанное. </span>}
                  <span className="shell-notification__text">{notificationText(item)}</span>
                  <Excerpt item={item} />
                  <span className="shell-notification__meta">
                    <span className="shell-notification__board">{item.board.name}</span>
                    <span aria-hidden="true"> · </span>
                    <time dateTime={item.at} title={exactTime(item.at)}>
                      {relativeTime(item.at, now)}
                    </time>
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {state.status === 'success' && state.more && (
        <div className="shell-notifications__more">
          <Button variant="secondary" size="small" fullWidth status={state.moreStatus} onClick={loadMore}>
            Показать ещё
          </Button>
        </div>
      )}
    </div>
  );
}

function Excerpt({ item }: { item: NotificationItem }) {
  const excerpt = notificationExcerpt(item);
  if (!excerpt) return null;
  return <span className="shell-notification__excerpt">«{excerpt}»</span>;
}
