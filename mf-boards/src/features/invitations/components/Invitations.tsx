import type { Invitation } from 'contract';
import { useEffect, useRef, useState } from 'react';
import { Button, useAuthStore } from 'shared-ui';
import { acceptInvitation } from '../api/accept-invitation';
import { rejectInvitation } from '../api/reject-invitation';
import type { InvitationsState } from '../use-invitations';
import './invitations.css';

type Action = 'accept' | 'reject';

interface InvitationsProps extends Omit<InvitationsState, 'loaded'> {
  /** Called after an invitation was accepted or rejected: the board list changes too. */
  onChange: () => void;
  /** The invitation the user came for (the letter's link `/?invitation={id}`): marked and focused. */
  highlight?: number | null;
}

/**
 * 'Приглашения': shown only while the user has pending invitations (`useInvitations`). After
 * 'Принять' or 'Отклонить' this list and (through `onChange`) the board list are reloaded; a failed
 * call is ignored, and a failed load simply shows nothing (SPEC.md section 8). The invitation the
 * letter's link names is marked, scrolled to and focused once; when it is no longer pending, a line
 * says so.
 */
export function Invitations({ invitations, reload, onChange, highlight = null }: InvitationsProps) {
  const userId = useAuthStore((state) => state.userId ?? state.user?.id ?? null);
  const [pending, setPending] = useState<{ id: number; action: Action } | null>(null);
  const highlightRef = useRef<HTMLLIElement>(null);
  const highlighted = highlight !== null && invitations.some((invitation) => invitation.id === highlight);

  useEffect(() => {
    if (!highlighted) return;
    highlightRef.current?.scrollIntoView({ block: 'center' });
    highlightRef.current?.focus();
  }, [highlighted]);

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

  const gone = highlight !== null && !highlighted && (
    <p className="invitations__gone" role="status">
      Этого приглашения больше нет: его уже приняли, отклонили или отозвали.
    </p>
  );

  if (invitations.length === 0) return gone || null;

  return (
    <section className="invitations" aria-labelledby="invitations-title">
      <h2 className="invitations__title" id="invitations-title">
        Приглашения <span className="invitations__count">{invitations.length}</span>
      </h2>
      {gone}
      <ul className="invitations__list">
        {invitations.map((invitation) => (
          <li
            key={invitation.id}
            className={`invitations__item${invitation.id === highlight ? ' invitations__item--highlighted' : ''}`}
            {...(invitation.id === highlight && {
              ref: highlightRef,
              tabIndex: -1,
              'aria-current': true,
            })}
          >
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
