import { type FormEvent, useState } from 'react';
import {
  Button,
  errorsOf,
  FormError,
  Modal,
  type Status,
  TextField,
  useConfirm,
  useFieldErrors,
} from 'shared-ui';
import { useBoard, useReload } from '../../../shared/board-context';
import { deleteColumn } from '../api/delete-column';
import { editColumn } from '../api/edit-column';

/** EDIT_COLUMN: rename, or delete with its cards after confirmation. */
export function EditColumnModal({ columnId, onClose }: { columnId: string; onClose: () => void }) {
  const board = useBoard();
  const reload = useReload();
  const column = board.columns[columnId];
  const { confirm, confirmDialog } = useConfirm();
  const { errors, setErrors, clearError } = useFieldErrors();
  const [name, setName] = useState(column?.name ?? '');
  const [status, setStatus] = useState<Status>('default');
  const [deleteStatus, setDeleteStatus] = useState<Status>('default');

  if (!column) return null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (status === 'processing') return;
    setStatus('processing');
    try {
      await editColumn(board.id, columnId, name);
      await reload();
      onClose();
    } catch (error) {
      setErrors(errorsOf(error));
      setStatus('error');
    }
  };

  const onDelete = async () => {
    const count = column.taskIds.length;
    const ok = await confirm({
      title: 'Удалить колонку?',
      message:
        count > 0
          ? `Колонка «${column.name}» будет удалена вместе с карточками (${count}).`
          : `Колонка «${column.name}» будет удалена.`,
      confirmText: 'Удалить колонку',
    });
    if (!ok) return;
    setDeleteStatus('processing');
    try {
      await deleteColumn(board.id, columnId);
      await reload();
      onClose();
    } catch (error) {
      setErrors(errorsOf(error));
      setDeleteStatus('error');
    }
  };

  return (
    <Modal title="Колонка" width={400} onClose={onClose}>
      <form noValidate onSubmit={onSubmit}>
        <FormError>{errors.message}</FormError>
        <TextField
          label="Название"
          name="name"
          value={name}
          maxLength={100}
          error={errors.name}
          onClearError={clearError}
          onChange={(event) => {
            setName(event.target.value);
            if (status === 'error') setStatus('default');
          }}
        />
        <div className="bv-modal-actions">
          <Button variant="fail" status={deleteStatus} onClick={() => void onDelete()}>
            Удалить
          </Button>
          <Button type="submit" status={status}>
            Сохранить
          </Button>
        </div>
      </form>
      {confirmDialog}
    </Modal>
  );
}
