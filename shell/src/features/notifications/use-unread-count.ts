import { useEffect, useState } from 'react';
import { watchNotifications } from 'shared-ui';
import { whenSettled } from '../../when-settled';
import { getUnreadCount } from './api/get-unread-count';

/**
 * The unread count: read at once over HTTP, then kept live by the session socket, which is opened
 * once the page has loaded and settled, so that socket.io-client never competes with the first screen
 * (the socket's connect reads the count again, so nothing that happened meanwhile is missed). `changes`
 * grows with every live change (and reconnect), so an open list knows to re-read its first page.
 */
export function useUnreadCount() {
  const [unread, setUnread] = useState<number | null>(null);
  const [changes, setChanges] = useState(0);

  useEffect(() => {
    let controller: AbortController | null = null;
    const load = () => {
      controller?.abort();
      const current = new AbortController();
      controller = current;
      getUnreadCount(current.signal).then(
        (answer) => {
          if (!current.signal.aborted) setUnread(answer.unread);
        },
        // The badge stays as it was; the next change or reconnect reads it again.
        () => {},
      );
    };
    load();

    let stop: (() => void) | null = null;
    const cancelIdle = whenSettled(() => {
      stop = watchNotifications((state) => {
        if (state) setUnread(state.unread);
        else load();
        setChanges((count) => count + 1);
      });
    });
    return () => {
      controller?.abort();
      cancelIdle();
      stop?.();
    };
  }, []);

  return { unread, setUnread, changes };
}
