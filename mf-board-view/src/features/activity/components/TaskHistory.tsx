import { useId, useState } from 'react';
import { ActivityList } from './ActivityList';

/** The task modal's 'История': folded at first, read (GET with taskId) when unfolded. */
export function TaskHistory({
  taskId,
  fieldLabels,
}: {
  taskId: string;
  fieldLabels: Record<string, string>;
}) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  return (
    <section className="bv-history" aria-label="История">
      <h3 className="bv-history__title">
        <button
          type="button"
          className="bv-history__toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((value) => !value)}
        >
          История
        </button>
      </h3>
      {open && (
        <div id={bodyId}>
          <ActivityList taskId={taskId} fieldLabels={fieldLabels} label="История задачи" />
        </div>
      )}
    </section>
  );
}
