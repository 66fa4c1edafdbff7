import type { ChecklistItem, TaskDetail } from 'contract';
import { useState } from 'react';
import { Button } from 'shared-ui';
import { useBoard } from '../../../shared/board-context';
import { useDenied } from '../../../shared/roles';
import { addChecklist } from '../api/add-checklist';
import { addItem } from '../api/add-item';
import { convertItem } from '../api/convert-item';
import { deleteChecklist } from '../api/delete-checklist';
import { deleteItem } from '../api/delete-item';
import { editChecklist } from '../api/edit-checklist';
import { editItem } from '../api/edit-item';
import { messageOf, useChecklists } from '../model/use-checklists';
import { ChecklistBlock } from './ChecklistBlock';
import { InlineTextForm } from './InlineTextForm';
import './checklists.css';

export interface ChecklistsProps {
  task: TaskDetail;
  /** Shows a checklist call's answer (the whole task) as the modal's task. */
  onDetail: (task: TaskDetail) => void;
  /** After an item became a card: the task and the board catch up. */
  onConverted: () => Promise<void>;
  /** Opens a task by its number on the board: the card an item became. */
  onOpenTask: (taskNumber: number) => void;
}

const TITLE_ID = 'bv-checklists-title';
const LOCK_ID = 'bv-checklists-lock';

/**
 * 'Чек-листы' of the task modal: named lists of items, saved at once (not with the task's 'Сохранить').
 * Every call answers the task, shown as the modal's detail; the board catches up from its echo.
 * A role that may not edit sees the lists as they are: ticks and assignees disabled (saying why),
 * no handles, buttons or forms; with no lists, nothing.
 */
export function Checklists({ task, onDetail, onConverted, onOpenTask }: ChecklistsProps) {
  const board = useBoard();
  const denied = useDenied('edit');
  const model = useChecklists(task, onDetail);
  const { lists, save, fire } = model;
  const [adding, setAdding] = useState(false);
  const [converting, setConverting] = useState<number | null>(null);
  const [converted, setConverted] = useState<{ number: number; text: string } | null>(null);

  const onConvert = async (item: ChecklistItem) => {
    setConverting(item.id);
    setConverted(null);
    try {
      const { number } = await model.enqueue(() => convertItem(board.id, item.id));
      model.setError(null);
      setConverted({ number, text: item.text });
      await onConverted();
    } catch (failure) {
      model.setError(messageOf(failure));
    } finally {
      setConverting(null);
    }
  };

  if (denied && lists.length === 0) return null;

  return (
    <section className="bv-checklists" aria-labelledby={TITLE_ID}>
      <h3 className="bv-task__section-title" id={TITLE_ID}>
        Чек-листы
      </h3>
      {denied && (
        <span id={LOCK_ID} className="ui-visually-hidden">
          {denied}
        </span>
      )}
      {model.error && (
        <p className="bv-checklists__error" role="alert">
          {model.error}
        </p>
      )}
      <div className="bv-checklists__status" role="status">
        {converted && (
          <>
            Пункт «{converted.text}» стал карточкой.{' '}
            <button
              type="button"
              className="bv-checklists__link"
              onClick={() => onOpenTask(converted.number)}
            >
              Открыть карточку
            </button>
          </>
        )}
      </div>
      {lists.map((list) => (
        <ChecklistBlock
          key={list.id}
          list={list}
          members={board.members}
          convertingId={converting}
          lockedBy={denied ? LOCK_ID : undefined}
          onRename={(title) => save(() => editChecklist(board.id, list.id, { title }))}
          onRemove={() => save(() => deleteChecklist(board.id, list.id))}
          onAddItem={(text) => save(() => addItem(board.id, list.id, text))}
          onMoveItem={(itemId, index) =>
            void fire(() => editItem(board.id, itemId, { position: index }), { kind: 'move', itemId, index })
          }
          onError={model.setError}
          onToggle={(item, done) =>
            void fire(() => editItem(board.id, item.id, { done }), {
              kind: 'item',
              itemId: item.id,
              change: { done },
            })
          }
          onAssign={(item, assigneeId) =>
            void fire(() => editItem(board.id, item.id, { assigneeId }), {
              kind: 'item',
              itemId: item.id,
              change: { assigneeId },
            })
          }
          onEdit={(item, text) => save(() => editItem(board.id, item.id, { text }))}
          onDelete={(item) => void fire(() => deleteItem(board.id, item.id))}
          onConvert={(item) => void onConvert(item)}
        />
      ))}
      {!denied && adding && (
        <InlineTextForm
          label="Название списка"
          initial="Чек-лист"
          submitText="Добавить"
          errorKey="title"
          onSubmit={(title) => save(() => addChecklist(board.id, task.id, title))}
          onDone={() => setAdding(false)}
          onCancel={() => setAdding(false)}
        />
      )}
      {!denied && !adding && (
        <Button
          variant="secondary"
          size="small"
          className="bv-checklists__add"
          onClick={() => setAdding(true)}
        >
          Добавить список
        </Button>
      )}
    </section>
  );
}
