import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ChecklistItem, Member } from 'contract';
import { useState } from 'react';
import { memberLabel } from '../../../shared/members';
import { Icon } from './Icon';
import { InlineTextForm } from './InlineTextForm';

export interface ChecklistItemActions {
  onToggle: (item: ChecklistItem, done: boolean) => void;
  onAssign: (item: ChecklistItem, assigneeId: number | null) => void;
  /** Saves new text; a failure rejects, shown under the input. */
  onEdit: (item: ChecklistItem, text: string) => Promise<unknown>;
  onDelete: (item: ChecklistItem) => void;
  onConvert: (item: ChecklistItem) => void;
}

export interface ChecklistItemRowProps extends ChecklistItemActions {
  item: ChecklistItem;
  /** Who an item can be for: the board's current members, and its assignee if they left. */
  members: Member[];
  /** The item is becoming a card. */
  converting: boolean;
  /**
   * The id of the note saying why the role cannot change the item: then no handle or buttons, and
   * the tick and the assignee show their values disabled, described by that note.
   */
  lockedBy?: string | undefined;
}

/**
 * One item: drag handle, done tick, text, assignee, and edit, 'Сделать карточкой' and delete (for a
 * role that may not edit: the tick and the assignee, disabled).
 */
export function ChecklistItemRow({ item, members, converting, lockedBy, ...actions }: ChecklistItemRowProps) {
  const [editing, setEditing] = useState(false);
  const locked = lockedBy !== undefined;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: item.id, disabled: locked });
  const name = `«${item.text}»`;
  const options = members.filter(
    (member) => (member.accepted && !member.isDeleted) || member.id === item.assigneeId,
  );

  return (
    <li
      ref={setNodeRef}
      className={[
        'bv-check-item',
        item.done && 'bv-check-item--done',
        isDragging && 'bv-check-item--dragging',
      ]
        .filter(Boolean)
        .join(' ')}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-item-id={item.id}
    >
      {!locked && (
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="bv-ghost-button bv-check-item__handle"
          {...attributes}
          {...listeners}
          aria-label={`Переместить пункт ${name}`}
        >
          ⠿
        </button>
      )}
      {editing && !locked ? (
        <InlineTextForm
          label="Текст пункта"
          initial={item.text}
          submitText="Сохранить"
          errorKey="text"
          onSubmit={(text) => actions.onEdit(item, text)}
          onDone={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <>
          <label className="bv-check-item__text">
            <input
              type="checkbox"
              checked={item.done}
              disabled={locked}
              aria-describedby={lockedBy}
              onChange={(event) => actions.onToggle(item, event.target.checked)}
            />
            <span>{item.text}</span>
          </label>
          <select
            className="bv-check-item__assignee"
            aria-label={`Исполнитель пункта ${name}`}
            value={item.assigneeId === null ? '' : String(item.assigneeId)}
            disabled={locked}
            aria-describedby={lockedBy}
            onChange={(event) =>
              actions.onAssign(item, event.target.value === '' ? null : Number(event.target.value))
            }
          >
            <option value="">Без исполнителя</option>
            {options.map((member) => (
              <option key={member.id} value={String(member.id)}>
                {memberLabel(member)}
              </option>
            ))}
          </select>
          {!locked && (
            <span className="bv-check-item__actions">
              <button
                type="button"
                className="bv-ghost-button bv-icon-button"
                aria-label={`Изменить пункт ${name}`}
                title="Изменить"
                onClick={() => setEditing(true)}
              >
                ✎
              </button>
              <button
                type="button"
                className="bv-ghost-button bv-icon-button"
                aria-label={`Сделать карточкой пункт ${name}`}
                title="Сделать карточкой"
                disabled={converting}
                aria-busy={converting || undefined}
                onClick={() => actions.onConvert(item)}
              >
                <Icon name="card" />
              </button>
              <button
                type="button"
                className="bv-ghost-button bv-icon-button"
                aria-label={`Удалить пункт ${name}`}
                title="Удалить"
                onClick={() => actions.onDelete(item)}
              >
                ✖
              </button>
            </span>
          )}
        </>
      )}
    </li>
  );
}
