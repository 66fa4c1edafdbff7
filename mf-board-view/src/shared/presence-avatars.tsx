/**
 * Presence on screen (presence.ts): the other members on the board, in its top bar (`PresenceBar`:
 * avatars, names on hover and in the group's accessible name, 'Сейчас на доске: Анна, Борис'); who
 * else has a task open, on its card (`CardViewers`) and in its modal (`AlsoOpen`: 'Также открыто: Анна').
 * Each shows nothing while nobody else is there.
 */
import { Avatar } from 'shared-ui';
import { memberLabel } from './members';
import { useOthersOnBoard, useTaskViewers } from './presence';
import './presence.css';

const SHOWN = 5;

export function PresenceBar() {
  const others = useOthersOnBoard();
  if (others.length === 0) return null;
  const names = others.map(memberLabel);
  const hidden = others.length - SHOWN;
  return (
    <ul className="bv-presence" aria-label={`Сейчас на доске: ${names.join(', ')}`}>
      {others.slice(0, SHOWN).map((member) => (
        <li key={member.id} className="bv-presence__item" title={memberLabel(member)} aria-hidden="true">
          <Avatar user={member} size="small" isCurrentUser={false} />
        </li>
      ))}
      {hidden > 0 && (
        <li className="bv-presence__more" aria-hidden="true">
          +{hidden}
        </li>
      )}
    </ul>
  );
}

export function CardViewers({ taskId }: { taskId: string }) {
  const viewers = useTaskViewers(taskId);
  if (viewers.length === 0) return null;
  return (
    <span
      className="bv-card-viewers"
      role="img"
      aria-label={`Открыто у: ${viewers.map(memberLabel).join(', ')}`}
    >
      {viewers.slice(0, 3).map((member) => (
        <Avatar key={member.id} user={member} size="small" isCurrentUser={false} />
      ))}
    </span>
  );
}

export function AlsoOpen({ taskId }: { taskId: string }) {
  const viewers = useTaskViewers(taskId);
  if (viewers.length === 0) return null;
  return <p className="bv-also-open">Также открыто: {viewers.map(memberLabel).join(', ')}</p>;
}
