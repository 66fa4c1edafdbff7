import type { Member } from 'contract';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Avatar,
  Button,
  FormError,
  paths,
  TextField,
  useAuthStore,
  useFieldErrors,
  useFormValues,
  useSubmit,
} from 'shared-ui';
import { type ConfirmOptions, Modal, useConfirmedAction } from 'shared-ui/widgets';
import { useBoard, useReload } from '../../../shared/board-context';
import { firstError } from '../../../shared/errors';
import { memberLabel } from '../../../shared/members';
import { cancelInvite } from '../api/cancel-invite';
import { removeMember } from '../api/remove-member';
import { sendInvite } from '../api/send-invite';
import './members.css';

function InviteForm({ boardId }: { boardId: number }) {
  const reload = useReload();
  const form = useSubmit();
  const { values, setValues, field } = useFormValues({ email: '' }, form);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const email = values.email.trim();
    if (!email) return;
    if (await form.submit(() => sendInvite(boardId, email))) {
      setValues({ email: '' });
      void reload();
    }
  };

  return (
    <form className="bv-members__invite" noValidate onSubmit={onSubmit}>
      <TextField
        label="Пригласить по e-mail"
        type="email"
        inputMode="email"
        autoComplete="off"
        placeholder="name@example.com"
        {...field('email')}
        // Whatever the invitation failed on shows under the e-mail field.
        error={firstError(form.errors, 'email')}
        onClearError={() => form.setErrors({})}
      />
      <Button type="submit" status={form.status} successText="Отправлено">
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
  const { errors, setErrors, clearErrors } = useFieldErrors();
  const action = useConfirmedAction({ onError: setErrors });
  // The member whose button shows the running action.
  const [target, setTarget] = useState<number | null>(null);
  const isCreator = board.createdBy === userId;
  const members = board.members.filter((member) => member.accepted && !member.isDeleted);
  const invited = board.members.filter((member) => !member.accepted && !member.isDeleted);

  const statusOf = (member: Member) =>
    action.status === 'processing' && target === member.id ? 'processing' : 'default';

  const run = (member: Member, confirm: ConfirmOptions, call: () => Promise<unknown>, after = reload) =>
    void action.run(confirm, async () => {
      clearErrors();
      setTarget(member.id);
      await call();
      void after();
    });

  const onRemove = (member: Member) => {
    const leaving = member.id === userId;
    const confirm = leaving
      ? {
          title: 'Выйти из доски?',
          message: 'Вы потеряете доступ к доске. Вернуться можно будет только по новому приглашению.',
          confirmText: 'Выйти',
        }
      : {
          title: 'Удалить участника?',
          message: `${memberLabel(member)} потеряет доступ к доске. Пригласить его можно будет снова.`,
          confirmText: 'Удалить',
        };
    const leave = async () => {
      onClose();
      navigate(paths.home.href(), { replace: true });
    };
    run(member, confirm, () => removeMember(board.id, member.id), leaving ? leave : reload);
  };

  const onCancelInvite = (member: Member) =>
    run(
      member,
      {
        title: 'Отменить приглашение?',
        message: `Приглашение для ${member.email} перестанет действовать.`,
        confirmText: 'Отменить приглашение',
        cancelText: 'Назад',
      },
      () => cancelInvite(board.id, member.id),
    );

  return (
    <Modal title="Участники" width={500} onClose={onClose}>
      {isCreator ? (
        <InviteForm boardId={board.id} />
      ) : (
        <p className="bv-members__hint">Приглашать участников может только создатель доски.</p>
      )}
      <FormError>{firstError(errors, 'email')}</FormError>
      <ul className="bv-rows" aria-label="Участники доски">
        {members.map((member) => {
          const isMe = member.id === userId;
          const isOwner = member.id === board.createdBy;
          return (
            <li key={member.id} className="bv-rows__row bv-members__row">
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
                  status={statusOf(member)}
                  onClick={() => onRemove(member)}
                >
                  Выйти
                </Button>
              ) : (
                <Button
                  size="small"
                  variant="secondary"
                  disabled={!isCreator}
                  title={isCreator ? undefined : 'Удалять участников может только создатель доски'}
                  status={statusOf(member)}
                  onClick={() => onRemove(member)}
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
          <ul className="bv-rows" aria-label="Приглашения">
            {invited.map((member) => (
              <li key={member.id} className="bv-rows__row bv-members__row">
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
                  status={statusOf(member)}
                  onClick={() => onCancelInvite(member)}
                >
                  Отменить
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      {action.confirmDialog}
    </Modal>
  );
}
