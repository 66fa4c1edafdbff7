import type { Member } from 'contract';
import { can, type Role } from 'contract/roles';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Avatar, Button, errorsOf, paths, useAuthStore, useFieldErrors } from 'shared-ui';
import { type ConfirmOptions, Modal, useConfirmedAction } from 'shared-ui/widgets';
import { useBoard, useReload } from '../../../shared/board-context';
import { firstError } from '../../../shared/errors';
import { memberLabel } from '../../../shared/members';
import { useBoardRole } from '../../../shared/roles';
import { cancelInvite } from '../api/cancel-invite';
import { removeMember } from '../api/remove-member';
import { setRole } from '../api/set-role';
import { transferBoard } from '../api/transfer-board';
import { InviteForm } from './InviteForm';
import { RoleControl } from './RoleControl';
import './members.css';

const MANAGERS_ONLY = 'Приглашать участников, менять роли и удалять может только администратор доски.';

/**
 * 'Участники': accepted members with their roles, pending invitations, and what the viewer's role
 * allows. An administrator invites with a role, changes roles (not the owner's), removes members and
 * cancels invitations; the owner also hands the board to another administrator ('Передать доску');
 * anyone leaves. The role is the live board's, so the controls follow a change of it at once. A
 * refused action's errors show in its member's row.
 */
export function MembersModal({ onClose }: { onClose: () => void }) {
  const board = useBoard();
  const reload = useReload();
  const navigate = useNavigate();
  const userId = useAuthStore((state) => state.userId);
  const role = useBoardRole();
  const canManage = can(role, 'manage');
  const isOwner = can(role, 'own');
  const hintId = useId();
  const { errors, setErrors, clearErrors } = useFieldErrors();
  const action = useConfirmedAction({ onError: setErrors });
  // The member whose row shows the running action and its errors.
  const [target, setTarget] = useState<number | null>(null);
  // A role on its way to the server, shown in its select until the board has it.
  const [pending, setPending] = useState<{ id: number; role: Role } | null>(null);
  const members = board.members.filter((member) => member.accepted && !member.isDeleted);
  const invited = board.members.filter((member) => !member.accepted && !member.isDeleted);

  const statusOf = (member: Member) =>
    action.status === 'processing' && target === member.id ? 'processing' : 'default';
  const errorOf = (member: Member) =>
    target === member.id ? firstError(errors, 'role', 'userId') : undefined;

  const run = (member: Member, confirm: ConfirmOptions, call: () => Promise<unknown>, after = reload) =>
    void action.run(confirm, async () => {
      clearErrors();
      setTarget(member.id);
      await call();
      void after();
    });

  const onRole = async (member: Member, next: Role) => {
    clearErrors();
    setTarget(member.id);
    setPending({ id: member.id, role: next });
    try {
      await setRole(board.id, member.id, next);
      await reload();
    } catch (failure) {
      setErrors(errorsOf(failure));
    } finally {
      setPending(null);
    }
  };

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

  const onTransfer = (member: Member) =>
    run(
      member,
      {
        title: 'Передать доску?',
        message: `${memberLabel(member)} станет владельцем доски «${board.name}». Вы останетесь администратором, но передать доску обратно сможет только новый владелец.`,
        confirmText: 'Передать доску',
        cancelText: 'Назад',
      },
      () => transferBoard(board.id, member.id),
    );

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

  const roleOf = (member: Member) => (
    <RoleControl
      member={member}
      isOwner={member.id === board.createdBy}
      // An address without an account (a negative id) keeps the role it was invited with.
      canManage={canManage && member.id > 0}
      pending={pending?.id === member.id ? pending.role : null}
      onChange={(next) => void onRole(member, next)}
    />
  );

  const rowError = (member: Member) => {
    const error = errorOf(member);
    return error ? (
      <span className="bv-members__error" role="alert">
        {error}
      </span>
    ) : null;
  };

  return (
    <Modal title="Участники" width={600} onClose={onClose}>
      {canManage ? (
        <InviteForm boardId={board.id} />
      ) : (
        <p className="bv-members__hint" id={hintId}>
          {MANAGERS_ONLY}
        </p>
      )}
      <ul className="bv-rows" aria-label="Участники доски">
        {members.map((member) => {
          const isMe = member.id === userId;
          const owner = member.id === board.createdBy;
          return (
            <li key={member.id} className="bv-rows__row bv-members__row">
              <Avatar user={member} size="medium" />
              <span className="bv-members__who">
                <span className="bv-members__name">{memberLabel(member)}</span>
                {member.name.trim() && <span className="bv-members__email">{member.email}</span>}
                {rowError(member)}
              </span>
              <span className="bv-members__controls">
                {roleOf(member)}
                {isOwner && !isMe && member.role === 'admin' && (
                  <Button
                    size="small"
                    variant="secondary"
                    status={statusOf(member)}
                    onClick={() => onTransfer(member)}
                  >
                    Передать доску
                  </Button>
                )}
                {!owner && isMe && (
                  <Button
                    size="small"
                    variant="secondary"
                    status={statusOf(member)}
                    onClick={() => onRemove(member)}
                  >
                    Выйти
                  </Button>
                )}
                {!owner && !isMe && (
                  <Button
                    size="small"
                    variant="secondary"
                    disabled={!canManage}
                    title={canManage ? undefined : 'Удалять участников может только администратор доски'}
                    aria-describedby={canManage ? undefined : hintId}
                    status={statusOf(member)}
                    onClick={() => onRemove(member)}
                  >
                    Удалить
                  </Button>
                )}
              </span>
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
                  {rowError(member)}
                </span>
                <span className="bv-members__controls">
                  {roleOf(member)}
                  <Button
                    size="small"
                    variant="secondary"
                    disabled={!canManage}
                    title={canManage ? undefined : 'Отменять приглашения может только администратор доски'}
                    aria-describedby={canManage ? undefined : hintId}
                    status={statusOf(member)}
                    onClick={() => onCancelInvite(member)}
                  >
                    Отменить
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {action.confirmDialog}
    </Modal>
  );
}
