import type { FormEvent, ReactNode } from 'react';
import { Button, FormError, type Status } from 'shared-ui';

export interface EditFormProps {
  /** The form's general error, above the fields. */
  error?: string;
  /** Status of the submit button ('Сохранить'). */
  status: Status;
  /** The submit button's text: 'Сохранить' unless the form saves itself ('Готово'). */
  saveText?: string;
  onSave: () => void;
  /** Text and status of the delete button on the left; its action confirms first. */
  deleteText?: string;
  deleteStatus: Status;
  onDelete: () => void;
  /** Both actions are off (the item is gone); the form can still be read and closed. */
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}

/** The form of an edit modal (board, column, task): fields, then 'Удалить' on the left, 'Сохранить' on the right. */
export function EditForm({
  error,
  status,
  saveText = 'Сохранить',
  onSave,
  deleteText = 'Удалить',
  deleteStatus,
  onDelete,
  disabled = false,
  className,
  children,
}: EditFormProps) {
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!disabled) onSave();
  };
  return (
    <form className={className} noValidate onSubmit={onSubmit}>
      <FormError>{error}</FormError>
      {children}
      <div className="bv-modal-actions">
        <Button variant="fail" status={deleteStatus} disabled={disabled} onClick={onDelete}>
          {deleteText}
        </Button>
        <Button type="submit" status={status} disabled={disabled}>
          {saveText}
        </Button>
      </div>
    </form>
  );
}
