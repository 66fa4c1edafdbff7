import type { Label } from 'contract';
import { type FormEvent, useState } from 'react';
import { Button, Checkbox, type FieldErrors, FormError, useFieldErrors, useSubmit } from 'shared-ui';
import { Modal, useConfirmedAction } from 'shared-ui/widgets';
import { useBoard, useReload } from '../../../shared/board-context';
import { textOn } from '../../../shared/color';
import { firstError } from '../../../shared/errors';
import { useDenied } from '../../../shared/roles';
import { offerUndo } from '../../../shared/undo';
import { createLabel } from '../api/create-label';
import { deleteLabel } from '../api/delete-label';
import { editLabel } from '../api/edit-label';
import './labels.css';

export const DEFAULT_LABEL_COLOR = '#123456';

interface LabelFieldsProps {
  /** The add form's fields (a placeholder) rather than an edited label's (focused on open). */
  isNew?: boolean;
  title: string;
  color: string;
  onTitle: (title: string) => void;
  onColor: (color: string) => void;
}

/** A label's colour and title inputs, in the add form and in a row being edited. */
function LabelFields({ isNew = false, title, color, onTitle, onColor }: LabelFieldsProps) {
  return (
    <>
      <input
        type="color"
        className="bv-labels__color"
        aria-label={isNew ? 'Цвет новой метки' : 'Цвет метки'}
        value={color}
        onChange={(event) => onColor(event.target.value)}
      />
      <input
        className="bv-labels__input"
        name="title"
        aria-label={isNew ? 'Название новой метки' : 'Название метки'}
        placeholder={isNew ? 'Новая метка' : undefined}
        maxLength={100}
        value={title}
        // biome-ignore lint/a11y/noAutofocus: edit mode is entered on purpose to type
        autoFocus={!isNew}
        onChange={(event) => onTitle(event.target.value)}
      />
    </>
  );
}

function LabelError({ message }: { message: string | undefined }) {
  return message ? (
    <div className="bv-labels__error" role="alert">
      {message}
    </div>
  ) : null;
}

const messageOf = (errors: FieldErrors) => firstError(errors, 'title', 'color');

function AddLabel({ boardId }: { boardId: number }) {
  const reload = useReload();
  const form = useSubmit();
  const [title, setTitle] = useState('');
  const [color, setColor] = useState(DEFAULT_LABEL_COLOR);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // An empty title does nothing (SPEC 5).
    if (!title.trim()) return;
    if (await form.submit(() => createLabel(boardId, title, color), { after: 'default' })) {
      setTitle('');
      setColor(DEFAULT_LABEL_COLOR);
      await reload();
    }
  };

  return (
    <form className="bv-labels__add" noValidate onSubmit={onSubmit}>
      <LabelFields
        isNew
        title={title}
        color={color}
        onTitle={(value) => {
          setTitle(value);
          form.edited();
        }}
        onColor={setColor}
      />
      <Button type="submit" size="small" status={form.status}>
        Добавить
      </Button>
      <LabelError message={messageOf(form.errors)} />
    </form>
  );
}

/** One label: its chip, and 'Изменить' / 'Удалить' for a role that may edit (`readOnly` leaves them out). */
function LabelRow({
  label,
  readOnly,
  onDelete,
}: {
  label: Label;
  readOnly: boolean;
  onDelete: (label: Label) => void;
}) {
  const reload = useReload();
  const form = useSubmit();
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(label.title);
  const [color, setColor] = useState(label.color);
  const [isMainColor, setIsMainColor] = useState(label.isMainColor);

  const startEditing = () => {
    setTitle(label.title);
    setColor(label.color);
    setIsMainColor(label.isMainColor);
    form.reset();
    setEditing(true);
  };

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await form.submit(
      async () => {
        await editLabel(label.boardId, label.id, { title, color, isMainColor });
        await reload();
      },
      { after: 'default' },
    );
    if (saved) setEditing(false);
  };

  if (!editing || readOnly) {
    return (
      <li className="bv-rows__row bv-labels__row">
        <span className="bv-labels__chip" style={{ background: label.color, color: textOn(label.color) }}>
          {label.title}
        </span>
        {label.isMainColor && (
          <span className="bv-labels__main" title="Карточки с этой меткой окрашены в её цвет">
            цвет карточки
          </span>
        )}
        <span className="bv-labels__spacer" />
        {!readOnly && (
          <>
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
              onClick={() => onDelete(label)}
              aria-label={`Удалить метку «${label.title}»`}
            >
              Удалить
            </Button>
          </>
        )}
      </li>
    );
  }

  return (
    <li className="bv-rows__row bv-labels__row bv-labels__row--editing">
      <form className="bv-labels__edit" noValidate onSubmit={onSave}>
        <div className="bv-labels__edit-line">
          <LabelFields
            title={title}
            color={color}
            onTitle={(value) => {
              setTitle(value);
              form.edited();
            }}
            onColor={setColor}
          />
        </div>
        <Checkbox
          label="Основной цвет карточки"
          checked={isMainColor}
          onChange={(event) => setIsMainColor(event.target.checked)}
        />
        <LabelError message={messageOf(form.errors)} />
        <div className="bv-inline-actions">
          <Button type="submit" size="small" status={form.status}>
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

/**
 * EDIT_LABELS ('Метки'): add a label, then view or edit each; delete after confirmation. A role that
 * may not edit (a commenter, a viewer) sees the labels and why it cannot change them.
 */
export function LabelsModal({ onClose }: { onClose: () => void }) {
  const board = useBoard();
  const denied = useDenied('edit');
  const reload = useReload();
  const { errors, setErrors, clearErrors } = useFieldErrors();
  const remove = useConfirmedAction({ onError: setErrors });

  const onDelete = (label: Label) => {
    const confirm = {
      title: 'Удалить метку?',
      message: `Метка «${label.title}» будет снята со всех карточек и попадёт в корзину на 30 дней: оттуда она вернётся на них.`,
      confirmText: 'Удалить метку',
    };
    void remove.run(confirm, async () => {
      clearErrors();
      await deleteLabel(board.id, label.id);
      offerUndo({ boardId: board.id, kind: 'label', id: String(label.id), message: 'Метка удалена' });
      await reload();
    });
  };

  return (
    <Modal title="Метки" width={500} onClose={onClose}>
      {denied ? <p className="bv-labels__denied">{denied}</p> : <AddLabel boardId={board.id} />}
      <FormError>{messageOf(errors)}</FormError>
      {board.labels.length === 0 ? (
        <p className="bv-labels__empty">
          {denied ? 'Меток пока нет.' : 'Меток пока нет. Добавьте первую: например, «Баг» или «Срочно».'}
        </p>
      ) : (
        <ul className="bv-rows" aria-label="Метки доски">
          {board.labels.map((label) => (
            <LabelRow key={label.id} label={label} readOnly={denied !== null} onDelete={onDelete} />
          ))}
        </ul>
      )}
      {remove.confirmDialog}
    </Modal>
  );
}
