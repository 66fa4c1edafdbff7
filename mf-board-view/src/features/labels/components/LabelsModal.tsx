import type { Label } from 'api/contract';
import { type FormEvent, useState } from 'react';
import {
  Button,
  Checkbox,
  errorsOf,
  type FieldErrors,
  FormError,
  Modal,
  type Status,
  useConfirm,
} from 'shared-ui';
import { useBoard, useReload } from '../../../shared/board-context';
import { textOn } from '../../../shared/color';
import { createLabel } from '../api/create-label';
import { deleteLabel } from '../api/delete-label';
import { editLabel } from '../api/edit-label';
import './labels.css';

export const DEFAULT_LABEL_COLOR = '#123456';

const firstError = (errors: FieldErrors) =>
  errors.title ?? errors.color ?? errors.message ?? Object.values(errors)[0];

function AddLabel({ boardId }: { boardId: number }) {
  const reload = useReload();
  const [title, setTitle] = useState('');
  const [color, setColor] = useState(DEFAULT_LABEL_COLOR);
  const [status, setStatus] = useState<Status>('default');
  const [error, setError] = useState<string | undefined>();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // An empty title does nothing (SPEC 5).
    if (!title.trim() || status === 'processing') return;
    setStatus('processing');
    setError(undefined);
    try {
      await createLabel(boardId, title, color);
      setTitle('');
      setColor(DEFAULT_LABEL_COLOR);
      setStatus('default');
      await reload();
    } catch (caught) {
      setError(firstError(errorsOf(caught)));
      setStatus('error');
    }
  };

  return (
    <form className="bv-labels__add" noValidate onSubmit={onSubmit}>
      <input
        type="color"
        className="bv-labels__color"
        aria-label="Цвет новой метки"
        value={color}
        onChange={(event) => setColor(event.target.value)}
      />
      <input
        className="bv-labels__input"
        name="title"
        aria-label="Название новой метки"
        placeholder="Новая метка"
        maxLength={100}
        value={title}
        onChange={(event) => {
          setTitle(event.target.value);
          if (status === 'error') setStatus('default');
        }}
      />
      <Button type="submit" size="small" status={status}>
        Добавить
      </Button>
      {error && (
        <div className="bv-labels__error" role="alert">
          {error}
        </div>
      )}
    </form>
  );
}

function LabelRow({ label, onDelete }: { label: Label; onDelete: (label: Label) => Promise<void> }) {
  const reload = useReload();
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(label.title);
  const [color, setColor] = useState(label.color);
  const [isMainColor, setIsMainColor] = useState(label.isMainColor);
  const [status, setStatus] = useState<Status>('default');
  const [error, setError] = useState<string | undefined>();

  const startEditing = () => {
    setTitle(label.title);
    setColor(label.color);
    setIsMainColor(label.isMainColor);
    setError(undefined);
    setStatus('default');
    setEditing(true);
  };

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    if (status === 'processing') return;
    setStatus('processing');
    try {
      await editLabel(label.boardId, label.id, { title, color, isMainColor });
      await reload();
      setEditing(false);
      setStatus('default');
    } catch (caught) {
      setError(firstError(errorsOf(caught)));
      setStatus('error');
    }
  };

  if (!editing) {
    return (
      <li className="bv-labels__row">
        <span className="bv-labels__chip" style={{ background: label.color, color: textOn(label.color) }}>
          {label.title}
        </span>
        {label.isMainColor && (
          <span className="bv-labels__main" title="Карточки с этой меткой окрашены в её цвет">
            цвет карточки
          </span>
        )}
        <span className="bv-labels__spacer" />
        <Button
          size="small"
          variant="secondary"
          onClick={startEditing}
          aria-label={`Изменить метку «${label.title}»`}
        >
          Изменить
        </Button>
        <Button
          size="small"
          variant="secondary"
          onClick={() => void onDelete(label)}
          aria-label={`Удалить метку «${label.title}»`}
        >
          Удалить
        </Button>
      </li>
    );
  }

  return (
    <li className="bv-labels__row bv-labels__row--editing">
      <form className="bv-labels__edit" noValidate onSubmit={onSave}>
        <div className="bv-labels__edit-line">
          <input
            type="color"
            className="bv-labels__color"
            aria-label="Цвет метки"
            value={color}
            onChange={(event) => setColor(event.target.value)}
          />
          <input
            className="bv-labels__input"
            name="title"
            aria-label="Название метки"
            maxLength={100}
            value={title}
            // biome-ignore lint/a11y/noAutofocus: edit mode is entered on purpose to type
            autoFocus
            onChange={(event) => {
              setTitle(event.target.value);
              if (status === 'error') setStatus('default');
            }}
          />
        </div>
        <Checkbox
          label="Основной цвет карточки"
          checked={isMainColor}
          onChange={(event) => setIsMainColor(event.target.checked)}
        />
        {error && (
          <div className="bv-labels__error" role="alert">
            {error}
          </div>
        )}
        <div className="bv-inline-actions">
          <Button type="submit" size="small" status={status}>
            Сохранить
          </Button>
          <Button size="small" variant="secondary" onClick={() => setEditing(false)}>
            Отмена
          </Button>
        </div>
      </form>
    </li>
  );
}

/** EDIT_LABELS ('Метки'): add a label, then view or edit each; delete after confirmation. */
export function LabelsModal({ onClose }: { onClose: () => void }) {
  const board = useBoard();
  const reload = useReload();
  const { confirm, confirmDialog } = useConfirm();
  const [error, setError] = useState<string | undefined>();

  const onDelete = async (label: Label) => {
    const ok = await confirm({
      title: 'Удалить метку?',
      message: `Метка «${label.title}» будет снята со всех карточек.`,
      confirmText: 'Удалить метку',
    });
    if (!ok) return;
    setError(undefined);
    try {
      await deleteLabel(board.id, label.id);
      await reload();
    } catch (caught) {
      setError(firstError(errorsOf(caught)));
    }
  };

  return (
    <Modal title="Метки" width={500} onClose={onClose}>
      <AddLabel boardId={board.id} />
      <FormError>{error}</FormError>
      {board.labels.length === 0 ? (
        <p className="bv-labels__empty">Меток пока нет. Добавьте первую: например, «Баг» или «Срочно».</p>
      ) : (
        <ul className="bv-labels__list" aria-label="Метки доски">
          {board.labels.map((label) => (
            <LabelRow key={label.id} label={label} onDelete={onDelete} />
          ))}
        </ul>
      )}
      {confirmDialog}
    </Modal>
  );
}
