import type { Invitation } from 'contract';
import { useEffect, useState } from 'react';
import { getInvitations, watchLists, watchNotifications } from 'shared-ui';
import { whenSettled } from '../../when-settled';
import { getUnreadCount } from './api/get-unread-count';

/**
 * The unread count: read at once over HTTP, then kept live by the session socket, which is opened
 * once the page has loaded and settled, so that socket.io-client never competes with the first screen
 * (the socket's connect reads the count again, so nothing that happened meanwhile is missed). `changes`
 * grows with every live change (and reconnect), so an open list knows to re-read its first page.
 * The pending invitations are read the same way (the socket's `lists`): the bell counts them too.
 */
export function useUnreadCount() {
  const [unread, setUnread] = useState<number | null>(null);
  const [invitations, setInvitations] = useState<Invitation[]>([]);
  const [changes, setChanges] = useState(0);

  useEffect(() => {
    const controllers: Record<'unread' | 'invitations', AbortController | null> = {
      unread: null,
      invitations: null,
    };
    /** Reads one of the two, dropping an older read's answer; a failure keeps what is shown. */
    const read = <T>(
      which: keyof typeof controllers,
      fetch: (signal: AbortSignal) => Promise<T>,
      take: (answer: T) => void,
    ) => {
      controllers[which]?.abort();
      const current = new AbortController();
      controllers[which] = current;
      // The badge stays as it was; the next change or reconnect reads it again.
      fetch(current.signal).then(
        (answer) => current.signal.aborted || take(answer),
        () => {},
      );
    };
    const loadUnread = () => read('unread', getUnreadCount, (answer) => setUnread(answer.unread));
    const loadInvitations = () => read('invitations', getInvitations, setInvitations);
    loadUnread();

    const stops: (() => void)[] = [];
    // Invitations are not part of the first screen (SHELL_DATA): read once the page settled.
    const cancelIdle = whenSettled(() => {
      loadInvitations();
      stops.push(
        watchNotifications((state) => {
          if (state) setUnread(state.unread);
          else loadUnread();
          setChanges((count) => count + 1);
        }),
        watchLists(loadInvitations),
      );
    });
    return () => {
      controllers.unread?.abort();
      controllers.invitations?.abort();
      cancelIdle();
      for (const stop of stops) stop();
    };
  }, []);

  return { unread, setUnread, invitations, changes };
}
