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
  /** 'В архив' beside 'Удалить', where the item can go to the board's archive. */
  onArchive?: () => void;
  archiveStatus?: Status;
  /** More of the item's actions after those (a column's 'Копировать колонку'), for a role that edits. */
  moreActions?: ReactNode;
  /** Both actions are off (the item is gone); the form can still be read and closed. */
  disabled?: boolean;
  /** The role may only read the item: no delete or archive; the submit button only closes. */
  readOnly?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * The form of an edit modal (board, column, task): fields, then 'Удалить' (and 'В архив') on the left,
 * 'Сохранить' on the right; for a role that only reads, the submit button alone.
 */
export function EditForm({
  error,
  status,
  saveText = 'Сохранить',
  onSave,
  deleteText = 'Удалить',
  deleteStatus,
  onDelete,
  onArchive,
  archiveStatus = 'default',
  moreActions,
  disabled = false,
  readOnly = false,
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
        <span className="bv-modal-actions__start">
          {!readOnly && (
            <Button variant="fail" status={deleteStatus} disabled={disabled} onClick={onDelete}>
              {deleteText}
            </Button>
          )}
          {onArchive && !readOnly && (
            <Button variant="secondary" status={archiveStatus} disabled={disabled} onClick={onArchive}>
              В архив
            </Button>
          )}
          {!readOnly && moreActions}
        </span>
        <Button type="submit" status={status} disabled={disabled}>
          {saveText}
        </Button>
      </div>
    </form>
  );
}
