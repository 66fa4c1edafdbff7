import { useState } from 'react';
import { Button, Checkbox, TextField, useFormValues, useSubmit } from 'shared-ui';
import { Modal, useConfirmedAction } from 'shared-ui/widgets';
import { setArchived } from '../../../shared/archive';
import { useBoard, useReload } from '../../../shared/board-context';
import { EditForm } from '../../../shared/edit-form';
import { offerUndo, showNotice } from '../../../shared/undo';
import { copyColumn } from '../api/copy-column';
import { deleteColumn } from '../api/delete-column';
import { editColumn } from '../api/edit-column';
import { LIMIT_ERROR, limitChange, limitText, WIP_MAX } from '../model/wip';

/**
 * EDIT_COLUMN: rename, set the limit of cards ('Лимит карточек', empty for none, and whether it is
 * strict: a full column then refuses cards), archive with its cards, delete them after confirmation,
 * or copy it with its cards ('{name} (копия)', right after it, shown by the board's live patch; the
 * toast says so).
 */
export function EditColumnModal({ columnId, onClose }: { columnId: string; onClose: () => void }) {
  const board = useBoard();
  const reload = useReload();
  const column = board.columns[columnId];
  const form = useSubmit();
  const { values, field } = useFormValues(
    { name: column?.name ?? '', wipLimit: limitText(column?.wipLimit) },
    form,
  );
  const [strict, setStrict] = useState(column?.wipStrict ?? false);
  const remove = useConfirmedAction({ onError: form.setErrors });
  const archive = useSubmit();
  const copy = useSubmit();

  if (!column) return null;

  const onSave = async () => {
    const limit = limitChange(column, { wipLimit: values.wipLimit, wipStrict: strict });
    if (!limit) {
      form.setErrors({ wipLimit: LIMIT_ERROR });
      return;
    }
    const saved = await form.submit(async () => {
      await editColumn(board.id, columnId, values.name, limit);
      await reload();
    });
    if (saved) onClose();
  };

  const onDelete = async () => {
    const count = column.taskIds.length;
    const confirm = {
      title: 'Удалить колонку?',
      message:
        count > 0
          ? `Колонка «${column.name}» с карточками (${count}) попадёт в корзину на 30 дней: оттуда её можно будет вернуть.`
          : `Колонка «${column.name}» попадёт в корзину на 30 дней: оттуда её можно будет вернуть.`,
      confirmText: 'Удалить колонку',
    };
    const deleted = await remove.run(confirm, async () => {
      await deleteColumn(board.id, columnId);
      offerUndo({ boardId: board.id, kind: 'column', id: columnId, message: 'Колонка удалена' });
      await reload();
    });
    if (deleted) onClose();
  };

  const onArchive = async () => {
    const archived = await archive.submit(async () => {
      await setArchived(board.id, 'column', columnId, true);
      offerUndo({
        boardId: board.id,
        kind: 'column',
        id: columnId,
        message: 'Колонка в архиве',
        undo: () => setArchived(board.id, 'column', columnId, false),
      });
      await reload();
    });
    if (archived) onClose();
  };

  const onCopy = async () => {
    const copied = await copy.submit(async () => {
      await copyColumn({ boardId: board.id, columnId });
      await reload();
    });
    if (!copied) return;
    showNotice({ boardId: board.id, message: 'Колонка скопирована' });
    onClose();
  };

  return (
    <Modal title="Колонка" width={400} onClose={onClose}>
      <EditForm
        error={form.errors.message ?? archive.errors.message ?? copy.errors.message ?? copy.errors.columnId}
        status={form.status}
        onSave={() => void onSave()}
        deleteStatus={remove.status}
        onDelete={() => void onDelete()}
        archiveStatus={archive.status}
        onArchive={() => void onArchive()}
        moreActions={
          <Button variant="secondary" status={copy.status} onClick={() => void onCopy()}>
            Копировать колонку
          </Button>
        }
      >
        <TextField label="Название" maxLength={100} {...field('name')} />
        <TextField
          label="Лимит карточек"
          type="number"
          inputMode="numeric"
          min={1}
          max={WIP_MAX}
          step={1}
          hint="Пусто — без лимита"
          {...field('wipLimit')}
        />
        <Checkbox
          label="Строгий лимит: не принимать карточки сверх лимита"
          name="wipStrict"
          checked={strict}
          onChange={(event) => {
            setStrict(event.target.checked);
            form.edited();
          }}
        />
      </EditForm>
      {remove.confirmDialog}
    </Modal>
  );
}
