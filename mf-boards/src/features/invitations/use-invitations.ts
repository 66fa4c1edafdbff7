import type { Invitation } from 'contract';
import { getInvitations } from 'shared-ui';
import { useLoad } from 'shared-ui/load';

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
  const { status, data, reload } = useLoad(getInvitations);
  return { invitations: data ?? [], loaded: data !== null || status === 'error', reload };
}
