import type { Comment } from 'contract';
import { can, ROLE_TITLES } from 'contract/roles';
import { type FormEvent, useMemo, useRef } from 'react';
import { Avatar, Button, useAuthStore, useDraftText, useServerNow, useSubmit } from 'shared-ui';
import { useConfirmedAction } from 'shared-ui/widgets';
import { useBoard } from '../../../shared/board-context';
import { firstError } from '../../../shared/errors';
import { activeMembers, memberLabel } from '../../../shared/members';
import { usePublicToken } from '../../../shared/public-board';
import { useBoardRole } from '../../../shared/roles';
import { offerUndo } from '../../../shared/undo';
import { createComment } from '../api/create-comment';
import { deleteComment } from '../api/delete-comment';
import { mentionedIds } from '../model/mentions';
import { commentTime } from '../model/relative-time';
import { renderCommentText } from './linkify';
import { MentionTextarea } from './MentionTextarea';
import './comments.css';

export interface CommentsPanelProps {
  taskId: string;
  comments: Comment[];
  /** Refreshes the task after a comment is added or deleted. */
  onChanged: () => Promise<void> | void;
}

/**
 * The task's comments: the list, each author's own 'Удалить', and the form with '@' mentions for a
 * role that may comment; a viewer reads them and is told why there is no form.
 */
export function CommentsPanel({ taskId, comments, onChanged }: CommentsPanelProps) {
  const board = useBoard();
  const userId = useAuthStore((state) => state.userId);
  const role = useBoardRole();
  const canComment = can(role, 'comment');
  const reader = usePublicToken() !== null;
  // By the server's clock, renewed every 30 s, so '5 минут назад' stays true on any device.
  const now = useServerNow();
  const form = useSubmit();
  const remove = useConfirmedAction({
    onError: (errors) => form.setErrors({ message: errors.message ?? 'Не удалось удалить комментарий' }),
  });
  // The unsent comment is kept per task until it is sent (shared-ui drafts).
  const [text, setText, clearText] = useDraftText(`comment:${board.id}:${taskId}`);
  // The members picked from the '@' list, by id: those still named in the text are sent as mentions.
  const picked = useRef(new Map<number, string>());
  const error = firstError(form.errors, 'text', 'mentions');

  const author = (id: number) => board.members.find((member) => member.id === id);
  const mentionable = useMemo(
    () => activeMembers(board).filter((member) => member.id !== userId),
    [board, userId],
  );
  const memberNames = useMemo(() => board.members.map(memberLabel), [board]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const mentions = mentionedIds(text, picked.current);
    if (await form.submit(() => createComment(board.id, taskId, text, mentions), { after: 'default' })) {
      clearText();
      picked.current.clear();
      await onChanged();
    }
  };

  const onDelete = (comment: Comment) => {
    const confirm = {
      title: 'Удалить комментарий?',
      message: 'Комментарий исчезнет у всех участников и попадёт в корзину на 30 дней.',
    };
    void remove.run(confirm, async () => {
      await deleteComment(board.id, comment.id);
      // Taking it back is a restore from the trash, which a commenter may not do.
      if (can(role, 'edit')) {
        offerUndo({
          boardId: board.id,
          kind: 'comment',
          id: String(comment.id),
          message: 'Комментарий удалён',
        });
      }
      await onChanged();
    });
  };

  return (
    <section className="bv-comments" aria-labelledby="bv-comments-title">
      <h3 className="bv-task__section-title" id="bv-comments-title">
        Комментарии {comments.length > 0 && <span className="bv-count">{comments.length}</span>}
      </h3>
      {comments.length === 0 ? (
        <p className="bv-comments__empty">Пока никто ничего не написал.</p>
      ) : (
        <ol className="bv-comments__list">
          {comments.map((comment) => {
            const member = author(comment.userId);
            return (
              <li key={comment.id} className="bv-comment">
                <Avatar
                  user={
                    comment.authorName
                      ? { id: 0, name: comment.authorName }
                      : (member ?? { id: comment.userId })
                  }
                  size="medium"
                />
                <div className="bv-comment__body">
                  <div className="bv-comment__head">
                    <span className="bv-comment__author">
                      {comment.authorName ?? (member ? memberLabel(member) : 'Участник')}
                    </span>
                    <time className="bv-comment__time" dateTime={comment.createdAt}>
                      {commentTime(comment.createdAt, now)}
                    </time>
                    {comment.userId === userId && canComment && (
                      <button type="button" className="bv-comment__delete" onClick={() => onDelete(comment)}>
                        Удалить
                      </button>
                    )}
                  </div>
                  <p className="bv-comment__text">{renderCommentText(comment.text, memberNames)}</p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {!canComment && (
        <p className="bv-comments__denied">
          {reader
            ? 'Комментировать могут только участники доски.'
            : role === 'viewer'
              ? `${ROLE_TITLES.viewer} не может комментировать.`
              : 'Комментировать нельзя.'}
        </p>
      )}
      {canComment && (
        <form className="bv-comments__form" noValidate onSubmit={onSubmit}>
          <MentionTextarea
            className={['bv-comments__input', error && 'bv-comments__input--invalid']
              .filter(Boolean)
              .join(' ')}
            name="text"
            aria-label="Новый комментарий"
            placeholder="Напишите комментарий… (@ — упомянуть участника)"
            rows={3}
            maxLength={5000}
            value={text}
            members={mentionable}
            onPick={(member, label) => picked.current.set(member.id, label)}
            onChange={(next) => {
              setText(next);
              form.edited();
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void onSubmit(event);
            }}
          />
          {error && (
            <div className="bv-comments__error" role="alert">
              {error}
            </div>
          )}
          <div className="bv-inline-actions">
            <Button type="submit" size="small" status={form.status}>
              Отправить
            </Button>
          </div>
        </form>
      )}
      {remove.confirmDialog}
    </section>
  );
}
