import type { ShowIdsMode } from 'api/contract';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Button,
  Checkbox,
  errorsOf,
  FormError,
  Modal,
  paths,
  Select,
  type Status,
  TextField,
  useConfirm,
  useFieldErrors,
} from 'shared-ui';
import { useBoard, useReload } from '../../../shared/board-context';
import { deleteBoard } from '../api/delete-board';
import { editBoard } from '../api/edit-board';
import './board-settings.css';

export const SHOW_IDS_OPTIONS: { value: ShowIdsMode; label: string }[] = [
  { value: 'empty', label: 'Скрыт' },
  { value: 'circle', label: '(id)' },
  { value: 'square', label: '[id]' },
  { value: 'dot', label: 'id.' },
  { value: 'space', label: 'id ' },
];

/** 'Доска' (creator only): name, colour, task number style, column estimate sums; delete. */
export function EditBoardModal({ onClose }: { onClose: () => void }) {
  const board = useBoard();
  const reload = useReload();
  const navigate = useNavigate();
  const { confirm, confirmDialog } = useConfirm();
  const { errors, setErrors, clearError } = useFieldErrors();
  const [name, setName] = useState(board.name);
  const [color, setColor] = useState(board.color);
  const [showIdsMode, setShowIdsMode] = useState<ShowIdsMode>(board.showIdsMode);
  const [showTotal, setShowTotal] = useState(board.showTotalColumnEstimation);
  const [status, setStatus] = useState<Status>('default');
  const [deleteStatus, setDeleteStatus] = useState<Status>('default');

  const edited = () => {
    if (status === 'error') setStatus('default');
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (status === 'processing') return;
    setStatus('processing');
    try {
      await editBoard(board.id, { name, color, showIdsMode, showTotalColumnEstimation: showTotal });
      await reload();
      onClose();
    } catch (error) {
      setErrors(errorsOf(error));
      setStatus('error');
    }
  };

  const onDelete = async () => {
    const ok = await confirm({
      title: 'Удалить доску?',
      message: `Доска «${board.name}» со всеми колонками, задачами, метками и комментариями будет удалена безвозвратно.`,
      confirmText: 'Удалить доску',
    });
    if (!ok) return;
    setDeleteStatus('processing');
    try {
      await deleteBoard(board.id);
      onClose();
      navigate(paths.home.href(), { replace: true });
    } catch (error) {
      setErrors(errorsOf(error));
      setDeleteStatus('error');
    }
  };

  return (
    <Modal title="Доска" width={500} onClose={onClose}>
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
            edited();
          }}
        />
        <div className="bv-settings__row">
          <TextField
            label="Цвет фона"
            name="color"
            type="color"
            className="bv-settings__color"
            value={color}
            error={errors.color}
            onClearError={clearError}
            onChange={(event) => {
              setColor(event.target.value);
              edited();
            }}
          />
          <Select
            label="Номер задачи"
            name="showIdsMode"
            options={SHOW_IDS_OPTIONS}
            value={showIdsMode}
            error={errors.showIdsMode}
            onClearError={clearError}
            onChange={(event) => {
              setShowIdsMode(event.target.value as ShowIdsMode);
              edited();
            }}
          />
        </div>
        <Checkbox
          label="Показывать сумму оценок в колонках"
          name="showTotalColumnEstimation"
          checked={showTotal}
          onChange={(event) => {
            setShowTotal(event.target.checked);
            edited();
          }}
        />
        <div className="bv-settings__actions">
          <Button variant="fail" status={deleteStatus} onClick={() => void onDelete()}>
            Удалить доску
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
