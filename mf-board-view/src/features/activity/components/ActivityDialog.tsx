import { Modal } from 'shared-ui/widgets';
import { ActivityList } from './ActivityList';

/** The board's 'Активность': every change, newest first, more pages as the list is scrolled. */
export function ActivityDialog({
  fieldLabels,
  onClose,
}: {
  fieldLabels: Record<string, string>;
  onClose: () => void;
}) {
  return (
    <Modal title="Активность" width={600} onClose={onClose} className="bv-activity-panel">
      <ActivityList fieldLabels={fieldLabels} label="Активность доски" autoLoad />
    </Modal>
  );
}
