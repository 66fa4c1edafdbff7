import type { Member } from 'api/contract';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Avatar,
  Button,
  errorsOf,
  FormError,
  Modal,
  paths,
  type Status,
  TextField,
  useAuthStore,
  useConfirm,
} from 'shared-ui';
import { useBoard, useReload } from '../../../shared/board-context';
import { memberLabel } from '../../../shared/members';
import { cancelInvite } from '../api/cancel-invite';
import { removeMember } from '../api/remove-member';
import { sendInvite } from '../api/send-invite';
import './members.css';

/** The first message of a failed call: the invitation error always shows under the e-mail field. */
const firstError = (error: unknown) => {
  const body = errorsOf(error);
  return body.email ?? body.message ?? Object.values(body)[0] ?? 'Ошибка';
};

function InviteForm({ boardId }: { boardId: number }) {
  const reload = useReload();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState<Status>('default');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!value || status === 'processing') return;
    setError(undefined);
    setStatus('processing');
    try {
      await sendInvite(boardId, value);
      setEmail('');
      setStatus('success');
      void reload();
    } catch (caught) {
      setError(firstError(caught));
      setStatus('error');
    }
  };

  return (
    <form className="bv-members__invite" noValidate onSubmit={onSubmit}>
      <TextField
        label="Пригласить по e-mail"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="off"
        placeholder="name@example.com"
        value={email}
        error={error}
        onClearError={() => setError(undefined)}
        onChange={(event) => {
          setEmail(event.target.value);
          if (status !== 'processing') setStatus('default');
        }}
      />
      <Button type="submit" status={status} successText="Отправлено">
        Пригласить
      </Button>
    </form>
  );
}

/** 'Участники': accepted members, pending invitations, invite (creator), remove or leave. */
export function MembersModal({ onClose }: { onClose: () => void }) {
  const board = useBoard();
  const reload = useReload();
  const navigate = useNavigate();
  const userId = useAuthStore((state) => state.userId);
  const { confirm, confirmDialog } = useConfirm();
  const [error, setError] = useState<string | undefined>();
  const [busyId, setBusyId] = useState<number | null>(null);
  const isCreator = board.createdBy === userId;
  const members = board.members.filter((member) => member.accepted && !member.isDeleted);
  const invited = board.members.filter((member) => !member.accepted && !member.isDeleted);

  const run = async (member: Member, call: () => Promise<unknown>, after?: () => void) => {
    setError(undefined);
    setBusyId(member.id);
    try {
      await call();
      if (after) after();
      else void reload();
    } catch (caught) {
      setError(firstError(caught));
    } finally {
      setBusyId(null);
    }
  };

  const onRemove = async (member: Member) => {
    const leaving = member.id === userId;
    const ok = await confirm(
      leaving
        ? {
            title: 'Выйти из доски?',
            message: 'Вы потеряете доступ к доске. Вернуться можно будет только по новому приглашению.',
            confirmText: 'Выйти',
          }
        : {
            title: 'Удалить участника?',
            message: `${memberLabel(member)} потеряет доступ к доске. Пригласить его можно будет снова.`,
            confirmText: 'Удалить',
          },
    );
    if (!ok) return;
    await run(
      member,
      () => removeMember(board.id, member.id),
      leaving
        ? () => {
            onClose();
            navigate(paths.home.href(), { replace: true });
          }
        : undefined,
    );
  };

  const onCancelInvite = async (member: Member) => {
    const ok = await confirm({
      title: 'Отменить приглашение?',
      message: `Приглашение для ${member.email} перестанет действовать.`,
      confirmText: 'Отменить приглашение',
      cancelText: 'Назад',
    });
    if (ok) await run(member, () => cancelInvite(board.id, member.id));
  };

  return (
    <Modal title="Участники" width={500} onClose={onClose}>
      {isCreator ? (
        <InviteForm boardId={board.id} />
      ) : (
        <p className="bv-members__hint">Приглашать участников может только создатель доски.</p>
      )}
      <FormError>{error}</FormError>
      <ul className="bv-members__list" aria-label="Участники доски">
        {members.map((member) => {
          const isMe = member.id === userId;
          const isOwner = member.id === board.createdBy;
          return (
            <li key={member.id} className="bv-members__row">
              <Avatar user={member} size="medium" />
              <span className="bv-members__who">
                <span className="bv-members__name">{memberLabel(member)}</span>
                {member.name.trim() && <span className="bv-members__email">{member.email}</span>}
              </span>
              {isOwner ? (
                <span className="bv-members__badge">Создатель</span>
              ) : isMe ? (
                <Button
                  size="small"
                  variant="secondary"
                  status={busyId === member.id ? 'processing' : 'default'}
                  onClick={() => void onRemove(member)}
                >
                  Выйти
                </Button>
              ) : (
                <Button
                  size="small"
                  variant="secondary"
                  disabled={!isCreator}
                  title={isCreator ? undefined : 'Удалять участников может только создатель доски'}
                  status={busyId === member.id ? 'processing' : 'default'}
                  onClick={() => void onRemove(member)}
                >
                  Удалить
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {invited.length > 0 && (
        <>
          <h3 className="bv-members__subtitle">Приглашения</h3>
          <ul className="bv-members__list" aria-label="Приглашения">
            {invited.map((member) => (
              <li key={member.id} className="bv-members__row">
                <span className="bv-members__pending" aria-hidden="true">
                  ✉
                </span>
                <span className="bv-members__who">
                  <span className="bv-members__name">{member.email}</span>
                  <span className="bv-members__email">ожидает ответа</span>
                </span>
                <Button
                  size="small"
                  variant="secondary"
                  disabled={!isCreator}
                  title={isCreator ? undefined : 'Отменять приглашения может только создатель доски'}
                  status={busyId === member.id ? 'processing' : 'default'}
                  onClick={() => void onCancelInvite(member)}
                >
                  Отменить
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      {confirmDialog}
    </Modal>
  );
}
