import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { Checklist, Member } from 'contract';
import { useState } from 'react';
import { ProgressBar, useConfirmedAction } from 'shared-ui/widgets';
import { useEscapeCancelsDrag } from '../model/use-escape-cancels-drag';
import { type ChecklistItemActions, ChecklistItemRow } from './ChecklistItemRow';
import { Icon } from './Icon';
import { InlineTextForm } from './InlineTextForm';

export interface ChecklistBlockProps extends ChecklistItemActions {
  list: Checklist;
  members: Member[];
  /** The item becoming a card, if any. */
  convertingId: number | null;
  onRename: (title: string) => Promise<unknown>;
  /** Deletes the list (after the confirmation here); a failure rejects. */
  onRemove: () => Promise<unknown>;
  onAddItem: (text: string) => Promise<unknown>;
  /** The item dropped at `index` (0-based) of the list. */
  onMoveItem: (itemId: number, index: number) => void;
  onError: (message: string) => void;
  /** The id of the note saying why the role cannot change the list: then shown as it is, read-only. */
  lockedBy?: string | undefined;
}

const textOf = (list: Checklist, id: unknown) => list.items.find((item) => item.id === id)?.text ?? '';

function announcements(list: Checklist): Announcements {
  const place = (id: unknown) => list.items.findIndex((item) => item.id === id) + 1;
  return {
    onDragStart: ({ active }) => `Пункт «${textOf(list, active.id)}» взят.`,
    onDragOver: ({ over }) => (over ? `Место ${place(over.id)} из ${list.items.length}.` : 'Вне списка.'),
    onDragEnd: ({ active, over }) =>
      over ? `Пункт «${textOf(list, active.id)}» на месте ${place(over.id)}.` : 'Ничего не изменилось.',
    onDragCancel: () => 'Перемещение отменено.',
  };
}

const screenReaderInstructions = {
  draggable: 'Пробел берёт пункт, стрелки вверх и вниз двигают его, пробел опускает, Escape отменяет.',
};

/**
 * One named list: its progress, items in order (drag by mouse or keyboard), rename, delete, add; for
 * a role that may not edit, the title, progress and items only.
 */
export function ChecklistBlock({
  list,
  members,
  convertingId,
  onRename,
  onRemove,
  onAddItem,
  onMoveItem,
  onError,
  lockedBy,
  ...itemActions
}: ChecklistBlockProps) {
  const locked = lockedBy !== undefined;
  const [renaming, setRenaming] = useState(false);
  const [adding, setAdding] = useState(false);
  const [dragging, setDragging] = useState(false);
  useEscapeCancelsDrag(dragging);
  const remove = useConfirmedAction({
    onError: (errors) => onError(errors.message ?? 'Не удалось удалить список'),
  });
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const done = list.items.filter((item) => item.done).length;
  const total = list.items.length;
  const titleId = `bv-checklist-${list.id}`;

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(false);
    if (!over || active.id === over.id) return;
    const index = list.items.findIndex((item) => item.id === over.id);
    if (index >= 0) onMoveItem(Number(active.id), index);
  };

  const onDelete = () =>
    void remove.run(
      {
        title: 'Удалить список?',
        message: `Список «${list.title}» будет удалён вместе с пунктами.`,
        confirmText: 'Удалить список',
      },
      onRemove,
    );

  return (
    <section className="bv-checklist" aria-labelledby={titleId}>
      {renaming ? (
        <InlineTextForm
          label="Название списка"
          initial={list.title}
          submitText="Сохранить"
          errorKey="title"
          onSubmit={onRename}
          onDone={() => setRenaming(false)}
          onCancel={() => setRenaming(false)}
        />
      ) : (
        <div className="bv-checklist__head">
          <h4 className="bv-checklist__title" id={titleId}>
            {list.title}
          </h4>
          {total > 0 && (
            <span className="bv-checklist__count">
              {done}/{total}
            </span>
          )}
          {!locked && (
            <>
              <button
                type="button"
                className="bv-ghost-button bv-icon-button"
                aria-label={`Переименовать список «${list.title}»`}
                title="Переименовать"
                onClick={() => setRenaming(true)}
              >
                ✎
              </button>
              <button
                type="button"
                className="bv-ghost-button bv-icon-button"
                aria-label={`Удалить список «${list.title}»`}
                title="Удалить список"
                disabled={remove.status === 'processing'}
                onClick={onDelete}
              >
                <Icon name="trash" />
              </button>
            </>
          )}
        </div>
      )}
      {total > 0 && <ProgressBar value={(done / total) * 100} label={`Выполнено в списке «${list.title}»`} />}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        accessibility={{ announcements: announcements(list), screenReaderInstructions }}
        onDragStart={() => setDragging(true)}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragging(false)}
      >
        <SortableContext items={list.items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
          <ul className="bv-checklist__items" aria-labelledby={titleId}>
            {list.items.map((item) => (
              <ChecklistItemRow
                key={item.id}
                item={item}
                members={members}
                converting={convertingId === item.id}
                lockedBy={lockedBy}
                {...itemActions}
              />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
      {!locked && adding && (
        <InlineTextForm
          label="Новый пункт"
          placeholder="Что сделать?"
          submitText="Добавить"
          errorKey="text"
          keepOpen
          onSubmit={onAddItem}
          onDone={() => undefined}
          onCancel={() => setAdding(false)}
        />
      )}
      {!locked && !adding && (
        <button type="button" className="bv-ghost-button bv-checklist__add" onClick={() => setAdding(true)}>
          + Добавить пункт
        </button>
      )}
      {remove.confirmDialog}
    </section>
  );
}
