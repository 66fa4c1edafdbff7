import { Button, type Status } from 'shared-ui';

export interface SubmitOrCancelProps {
  /** Text of the submit button, e.g. 'Добавить'. */
  text: string;
  status: Status;
  onCancel: () => void;
}

/** The actions of a small inline form (a new card, a new column): a small submit button and ✖. */
export function SubmitOrCancel({ text, status, onCancel }: SubmitOrCancelProps) {
  return (
    <div className="bv-inline-actions">
      <Button type="submit" size="small" status={status}>
        {text}
      </Button>
      <button
        type="button"
        className="bv-ghost-button bv-icon-button"
        aria-label="Отмена"
        title="Отмена"
        onClick={onCancel}
      >
        ✖
      </button>
    </div>
  );
}
