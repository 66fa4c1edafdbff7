import type { Invitation } from 'contract';
import { useState } from 'react';
import { Button, useAuthStore } from 'shared-ui';
import { acceptInvitation } from '../api/accept-invitation';
import { rejectInvitation } from '../api/reject-invitation';
import type { InvitationsState } from '../use-invitations';
import './invitations.css';

type Action = 'accept' | 'reject';

interface InvitationsProps extends Omit<InvitationsState, 'loaded'> {
  /** Called after an invitation was accepted or rejected: the board list changes too. */
  onChange: () => void;
}

/**
 * 'Приглашения': shown only while the user has pending invitations (`useInvitations`). After
 * 'Принять' or 'Отклонить' this list and (through `onChange`) the board list are reloaded; a failed
 * call is ignored, and a failed load simply shows nothing (SPEC.md section 8).
 */
export function Invitations({ invitations, reload, onChange }: InvitationsProps) {
  const userId = useAuthStore((state) => state.userId ?? state.user?.id ?? null);
  const [pending, setPending] = useState<{ id: number; action: Action } | null>(null);

  const act = async (invitation: Invitation, action: Action) => {
    setPending({ id: invitation.id, action });
    try {
      if (action === 'accept') await acceptInvitation(invitation.id);
      else if (userId !== null) await rejectInvitation(invitation.board.id, userId);
    } catch {
      // Ignored on purpose: the reload below shows what the server has.
    }
    await reload();
    setPending(null);
    onChange();
  };

  const statusOf = (invitation: Invitation, action: Action) =>
    pending?.id === invitation.id && pending.action === action ? 'processing' : 'default';

  if (invitations.length === 0) return null;

  return (
    <section className="invitations" aria-labelledby="invitations-title">
      <h2 className="invitations__title" id="invitations-title">
        Приглашения <span className="invitations__count">{invitations.length}</span>
      </h2>
      <ul className="invitations__list">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="invitations__item">
            <div className="invitations__text">
              <span className="invitations__hint">Вас приглашают в доску</span>
              <span className="invitations__board">{invitation.board.name}</span>
            </div>
            <div className="invitations__actions">
              <Button
                size="small"
                disabled={pending !== null}
                status={statusOf(invitation, 'accept')}
                onClick={() => void act(invitation, 'accept')}
              >
                Принять
              </Button>
              <Button
                size="small"
                variant="secondary"
                disabled={pending !== null}
                status={statusOf(invitation, 'reject')}
                onClick={() => void act(invitation, 'reject')}
              >
                Отклонить
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
