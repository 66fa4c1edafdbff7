import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Checkbox, paths, Select, TextField, useFormValues, useSubmit } from 'shared-ui';
import { Modal, useConfirmedAction } from 'shared-ui/widgets';
import { useBoard, useReload } from '../../../shared/board-context';
import { EditForm } from '../../../shared/edit-form';
import { TASK_NUMBER_OPTIONS } from '../../../shared/task-number';
import { deleteBoard } from '../api/delete-board';
import { editBoard } from '../api/edit-board';
import './board-settings.css';

/** 'Доска' (administrators only): name, colour, task number style, column estimate sums; delete. */
export function EditBoardModal({ onClose }: { onClose: () => void }) {
  const board = useBoard();
  const reload = useReload();
  const navigate = useNavigate();
  const form = useSubmit();
  const { values, field } = useFormValues(
    { name: board.name, color: board.color, showIdsMode: board.showIdsMode },
    form,
  );
  const [showTotal, setShowTotal] = useState(board.showTotalColumnEstimation);
  const remove = useConfirmedAction({ onError: form.setErrors });

  const onSave = async () => {
    const saved = await form.submit(async () => {
      await editBoard(board.id, { ...values, showTotalColumnEstimation: showTotal });
      await reload();
    });
    if (saved) onClose();
  };

  const onDelete = async () => {
    const confirm = {
      title: 'Удалить доску?',
      message: `Доска «${board.name}» исчезнет у всех участников. 30 дней её можно будет вернуть из «Недавно удалённых» на странице «Мои доски».`,
      confirmText: 'Удалить доску',
    };
    if (await remove.run(confirm, () => deleteBoard(board.id))) {
      onClose();
      navigate(paths.home.href(), { replace: true });
    }
  };

  return (
    <Modal title="Доска" width={500} onClose={onClose}>
      <EditForm
        error={form.errors.message}
        status={form.status}
        onSave={() => void onSave()}
        deleteText="Удалить доску"
        deleteStatus={remove.status}
        onDelete={() => void onDelete()}
      >
        <TextField label="Название" maxLength={100} {...field('name')} />
        <div className="bv-settings__row">
          <TextField label="Цвет фона" type="color" className="bv-settings__color" {...field('color')} />
          <Select label="Номер задачи" options={TASK_NUMBER_OPTIONS} {...field('showIdsMode')} />
        </div>
        <Checkbox
          label="Показывать сумму оценок в колонках"
          name="showTotalColumnEstimation"
          checked={showTotal}
          onChange={(event) => {
            setShowTotal(event.target.checked);
            form.edited();
          }}
        />
      </EditForm>
      {remove.confirmDialog}
    </Modal>
  );
}
