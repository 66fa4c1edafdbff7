import { useEffect, useState } from 'react';
import { watchNotifications } from 'shared-ui';
import { getUnreadCount } from './api/get-unread-count';

/** Runs `task` once the browser is idle (or soon, where it cannot tell); the result cancels it. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 200);
  return () => clearTimeout(handle);
}

/**
 * The unread count: read at once over HTTP, then kept live by the session socket, which is opened
 * once the page is idle so that socket.io-client never competes with the first screen. `changes`
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
    const cancelIdle = whenIdle(() => {
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
