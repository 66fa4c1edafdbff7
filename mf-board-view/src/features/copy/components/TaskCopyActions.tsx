import type { TaskDetail } from 'contract';
import { lazy, Suspense, useState } from 'react';
import { Button } from 'shared-ui';
import { retryImport } from 'shared-ui/lazy';
import { useCan } from '../../../shared/roles';
import type { TaskCopyMode } from './CopyTaskDialog';

const LazyCopyTaskDialog = lazy(() =>
  retryImport(() => import('./CopyTaskDialog')).then((module) => ({ default: module.CopyTaskDialog })),
);

/**
 * The task modal's 'Копировать карточку' (any member: the target needs editing rights, this board
 * only reading) and 'Переместить на доску' (a role that may edit this board), each opening its dialog
 * (CopyTaskDialog, loaded when first opened) over the task.
 */
export function TaskCopyActions({
  task,
  flush,
  onMoved,
}: {
  task: TaskDetail;
  flush: () => Promise<unknown>;
  onMoved: () => void;
}) {
  const canEdit = useCan('edit');
  const [open, setOpen] = useState<TaskCopyMode | null>(null);
  // A role that stops allowing edits closes the move's dialog with its button.
  const mode = open === 'move' && !canEdit ? null : open;
  return (
    <>
      <Button variant="secondary" size="small" aria-haspopup="dialog" onClick={() => setOpen('copy')}>
        Копировать карточку
      </Button>
      {canEdit && (
        <Button variant="secondary" size="small" aria-haspopup="dialog" onClick={() => setOpen('move')}>
          Переместить на доску
        </Button>
      )}
      {mode && (
        <Suspense fallback={null}>
          <LazyCopyTaskDialog
            key={mode}
            mode={mode}
            taskId={task.id}
            columnId={task.columnId}
            flush={flush}
            onClose={() => setOpen(null)}
            onMoved={onMoved}
          />
        </Suspense>
      )}
    </>
  );
}
