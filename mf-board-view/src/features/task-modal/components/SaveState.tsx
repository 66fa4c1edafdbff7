import type { SaveStatus } from '../model/autosave';

export interface SaveStateProps {
  status: SaveStatus;
  deleted: boolean;
  onRetry: () => void;
}

const TEXTS: Record<SaveStatus, string> = {
  saved: 'Сохранено',
  pending: 'Сохраняется…',
  saving: 'Сохраняется…',
  failed: 'Не сохранено',
  conflict: 'Не сохранено: выберите значения ниже',
};

/**
 * Whether the task's edits are saved, quietly, above the form: read out by screen readers when it
 * changes. After a failure, 'Повторить' sends them again (they are kept meanwhile).
 */
export function SaveState({ status, deleted, onRetry }: SaveStateProps) {
  if (deleted) return null;
  return (
    <p className={`bv-save-state bv-save-state--${status}`} role="status" aria-label="Сохранение">
      {TEXTS[status]}
      {status === 'failed' && (
        <>
          {' — '}
          <button type="button" className="bv-link-button" onClick={onRetry}>
            повторить
          </button>
        </>
      )}
    </p>
  );
}
