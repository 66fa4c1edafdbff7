import type { Label, Member, Priority } from 'contract';
import { type HTMLAttributes, memo } from 'react';
import { Avatar } from 'shared-ui';
import { useBoardState } from '../../../shared/board-context';
import { CopyTaskLink } from '../../../shared/CopyTaskLink';
import { textOn } from '../../../shared/color';
import { usePictureLink } from '../../../shared/file-link';
import { taskPath } from '../../../shared/navigation';
import { usePublicToken } from '../../../shared/public-board';
import { effectiveMode, formatTaskNumber, useTaskNumberStyle } from '../../../shared/task-number';
import { useLabelsOpen } from '../model/labels-open-store';
import { ChecklistBadge, DueBadge } from './CardBadges';
import { PriorityIcon } from './PriorityIcon';
import './cards.css';
import { CardViewers } from '../../../shared/presence-avatars';

const EMPTY_LABELS: Label[] = [];
const EMPTY_MEMBERS: Member[] = [];
const EMPTY_PRIORITIES: Priority[] = [];
const MAX_AVATARS = 4;

function CardLabels({ labels }: { labels: Label[] }) {
  const open = useLabelsOpen((state) => state.open);
  const toggle = useLabelsOpen((state) => state.toggle);
  return (
    <button
      type="button"
      className={['bv-card__labels', open && 'bv-card__labels--open'].filter(Boolean).join(' ')}
      aria-label={`Метки: ${labels.map((label) => label.title).join(', ')}. ${open ? 'Свернуть' : 'Развернуть'}`}
      aria-pressed={open}
      data-no-dnd
      onClick={(event) => {
        event.stopPropagation();
        toggle();
      }}
    >
      {labels.map((label) => (
        <span
          key={label.id}
          className="bv-card__label"
          style={{ background: label.color, color: textOn(label.color) }}
          title={label.title}
        >
          {open ? label.title : null}
        </span>
      ))}
    </button>
  );
}

/** The task's cover picture across the card's top; the same box while its link is asked for. */
function CardCover({ fileId }: { fileId: number }) {
  const url = usePictureLink(fileId);
  return (
    <span className="bv-card__cover" aria-hidden="true">
      {url && <img src={url} alt="" decoding="async" draggable={false} />}
    </span>
  );
}

function Icon({ title, path, count }: { title: string; path: string; count?: number }) {
  return (
    <span className="bv-card__meta" title={title}>
      <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
        <path fill="currentColor" d={path} />
      </svg>
      {count !== undefined && <span>{count}</span>}
      <span className="ui-visually-hidden">{title}</span>
    </span>
  );
}

const ICONS = {
  description: 'M4 6h16v2H4V6Zm0 5h16v2H4v-2Zm0 5h10v2H4v-2Z',
  comments: 'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2Zm0 2v11.2L7.2 16H20V6H4Z',
  files:
    'M16.5 6.5v10a4.5 4.5 0 0 1-9 0V5a3 3 0 0 1 6 0v10.5a1.5 1.5 0 0 1-3 0V6.5H12v9a.5.5 0 0 0 1 0V5a1.5 1.5 0 0 0-3 0v11.5a3 3 0 0 0 6 0v-10h.5Z',
};

export interface TaskCardProps {
  taskId: string;
  /**
   * Makes the title link the card's one tab stop and keyboard drag handle (Space picks it up, Enter
   * opens it). Without it (the drag overlay's copy) the link is out of the tab order.
   */
  handle?: HTMLAttributes<HTMLElement> & { ref: (element: HTMLElement | null) => void; tabIndex: number };
  /**
   * Opens the task by its number on the board (keeps the query string); plain clicks only, so
   * ctrl/middle click opens a tab.
   */
  onOpen: (taskNumber: number) => void;
}

/** One card. Memoised by id and reading only its own task, so a drag or a reload repaints few cards. */
export const TaskCard = memo(function TaskCard({ taskId, onOpen, handle }: TaskCardProps) {
  const task = useBoardState((state) => state.board?.tasks[taskId]);
  const boardId = useBoardState((state) => state.board?.id ?? 0);
  const boardMode = useBoardState((state) => state.board?.showIdsMode ?? 'empty');
  const style = useTaskNumberStyle((state) => state.style);
  const publicToken = usePublicToken();
  const allLabels = useBoardState((state) => state.board?.labels ?? EMPTY_LABELS);
  const members = useBoardState((state) => state.board?.members ?? EMPTY_MEMBERS);
  const priorities = useBoardState((state) => state.board?.priorities ?? EMPTY_PRIORITIES);
  if (!task) return null;

  const labels = task.labels
    .map((id) => allLabels.find((label) => label.id === id))
    .filter((label): label is Label => label !== undefined);
  const main = labels.find((label) => label.isMainColor);
  const assignees = task.assignees
    .map((id) => members.find((member) => member.id === id))
    .filter((member): member is Member => member !== undefined);
  const priority = task.priority ? priorities.find((item) => item.value === task.priority) : undefined;
  const number = formatTaskNumber(effectiveMode(style, boardMode), task.number);
  const href = taskPath(boardId, task.number, publicToken);
  const hasMeta =
    task.dueAt ||
    task.startAt ||
    task.checklist.total > 0 ||
    priority ||
    task.estimation ||
    task.hasDescription ||
    task.commentsCount > 0 ||
    task.filesCount > 0;

  return (
    <article
      className={['bv-card', main && 'bv-card--painted'].filter(Boolean).join(' ')}
      style={main ? { background: main.color, color: textOn(main.color) } : undefined}
      data-task-id={taskId}
    >
      {task.coverFileId ? <CardCover fileId={task.coverFileId} /> : null}
      {labels.length > 0 && <CardLabels labels={labels} />}
      <a
        tabIndex={-1}
        {...handle}
        className="bv-card__title"
        href={href}
        draggable={false}
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          onOpen(task.number);
        }}
      >
        {number && <span className="bv-card__number">{number}</span>}
        {task.title}
      </a>
      {(hasMeta || assignees.length > 0) && (
        <div className="bv-card__footer">
          {(task.dueAt || task.startAt) && (
            <DueBadge dueAt={task.dueAt} startAt={task.startAt} done={task.dueDone} />
          )}
          {task.checklist.total > 0 && (
            <ChecklistBadge done={task.checklist.done} total={task.checklist.total} />
          )}
          {priority && <PriorityIcon priority={priority.value} color={priority.color} />}
          {task.estimation && (
            <span className="bv-card__estimation" title="Оценка">
              {task.estimation}
            </span>
          )}
          {task.hasDescription && <Icon title="Есть описание" path={ICONS.description} />}
          {task.commentsCount > 0 && (
            <Icon title="Комментарии" path={ICONS.comments} count={task.commentsCount} />
          )}
          {task.filesCount > 0 && <Icon title="Файлы" path={ICONS.files} count={task.filesCount} />}
          {assignees.length > 0 && (
            <span className="bv-card__assignees">
              {assignees.slice(0, MAX_AVATARS).map((member) => (
                <Avatar key={member.id} user={member} size="small" />
              ))}
              {assignees.length > MAX_AVATARS && (
                <span className="bv-card__more" title={`Ещё ${assignees.length - MAX_AVATARS}`}>
                  +{assignees.length - MAX_AVATARS}
                </span>
              )}
            </span>
          )}
        </div>
      )}
      <CardViewers taskId={taskId} />
      <CopyTaskLink boardId={boardId} taskId={taskId} taskNumber={task.number} />
    </article>
  );
});
