import type { Invitation } from 'api/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getInvitations } from './api/get-invitations';

export interface InvitationsState {
  invitations: Invitation[];
  /** The first load has answered (a failure counts: it shows nothing, SPEC.md section 8). */
  loaded: boolean;
  reload: () => Promise<void>;
}

/**
 * The caller's pending invitations, loaded on mount. The page holds this state (as it holds the
 * board list's) so that it can show the section and the list in the same frame.
 */
export function useInvitations(): InvitationsState {
  const [invitations, setInvitations] = useState<Invitation[]>([]);
  const [loaded, setLoaded] = useState(false);
  const controller = useRef<AbortController | null>(null);

  const reload = useCallback(() => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    const settle = (items: Invitation[] | null) => {
      if (current.signal.aborted) return;
      if (items) setInvitations(items);
      setLoaded(true);
    };
    return getInvitations(current.signal).then(settle, () => settle(null));
  }, []);

  useEffect(() => {
    void reload();
    return () => controller.current?.abort();
  }, [reload]);

  return { invitations, loaded, reload };
}
