import { MODALS, useModalStore } from 'shared-ui';
import { EditBoardModal } from '../features/board-settings/components/EditBoardModal';
import { EditColumnModal } from '../features/columns/components/EditColumnModal';
import { ExportModal } from '../features/export/components/ExportModal';
import { FilterModal } from '../features/filters/components/FilterModal';
import { LabelsModal } from '../features/labels/components/LabelsModal';
import { MembersModal } from '../features/members/components/MembersModal';

function payloadColumnId(payload: unknown): string | null {
  if (payload && typeof payload === 'object' && 'columnId' in payload) return String(payload.columnId);
  return null;
}

/** The board's modals, chosen by the one current-modal value of shared-ui (BoardModals loads this). */
export function BoardModalSwitch() {
  const modal = useModalStore((state) => state.modal);
  const payload = useModalStore((state) => state.payload);
  const close = useModalStore((state) => state.close);

  switch (modal) {
    case MODALS.BOARD_FILTER:
      return <FilterModal onClose={close} />;
    case MODALS.EDIT_LABELS:
      return <LabelsModal onClose={close} />;
    case MODALS.EDIT_MEMBERS:
      return <MembersModal onClose={close} />;
    case MODALS.EDIT_BOARD:
      return <EditBoardModal onClose={close} />;
    case MODALS.EXPORT_BOARD:
      return <ExportModal onClose={close} />;
    case MODALS.EDIT_COLUMN: {
      const columnId = payloadColumnId(payload);
      return columnId ? <EditColumnModal key={columnId} columnId={columnId} onClose={close} /> : null;
    }
    default:
      return null;
  }
}
