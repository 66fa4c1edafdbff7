import { type BoardAction, can } from 'contract/roles';
import { useEffect } from 'react';
import { MODALS, type ModalType, useModalStore } from 'shared-ui';
import { EditBoardModal } from '../features/board-settings/components/EditBoardModal';
import { EditColumnModal } from '../features/columns/components/EditColumnModal';
import { ExportModal } from '../features/export/components/ExportModal';
import { FilterModal } from '../features/filters/components/FilterModal';
import { LabelsModal } from '../features/labels/components/LabelsModal';
import { MembersModal } from '../features/members/components/MembersModal';
import { PublicLinkModal } from '../features/public-link/components/PublicLinkModal';
import { usePublicToken } from '../shared/public-board';
import { useBoardRole } from '../shared/roles';

function payloadColumnId(payload: unknown): string | null {
  if (payload && typeof payload === 'object' && 'columnId' in payload) return String(payload.columnId);
  return null;
}

/** The modals only some roles may open; the others, any member. */
const NEEDS: Partial<Record<ModalType, BoardAction>> = {
  [MODALS.EDIT_BOARD]: 'manage',
  [MODALS.EDIT_COLUMN]: 'edit',
  [MODALS.PUBLIC_LINK]: 'manage',
};

/** What a public link's reader may open (the task's modal is TaskRoute's). */
const READER_MODALS: ReadonlySet<ModalType> = new Set([MODALS.BOARD_FILTER, MODALS.EDIT_TASK]);

/**
 * The board's modals, chosen by the one current-modal value of shared-ui (BoardModals loads this). One
 * the role may not open is closed, also when the role changes while it is open. A public link's page
 * has the filter only.
 */
export function BoardModalSwitch() {
  const modal = useModalStore((state) => state.modal);
  const payload = useModalStore((state) => state.payload);
  const close = useModalStore((state) => state.close);
  const role = useBoardRole();
  const reader = usePublicToken() !== null;
  const need = modal ? NEEDS[modal] : undefined;
  const allowed = reader ? modal === null || READER_MODALS.has(modal) : need === undefined || can(role, need);
  useEffect(() => {
    if (!allowed) close();
  }, [allowed, close]);
  if (!allowed) return null;

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
    case MODALS.PUBLIC_LINK:
      return <PublicLinkModal onClose={close} />;
    case MODALS.EDIT_COLUMN: {
      const columnId = payloadColumnId(payload);
      return columnId ? <EditColumnModal key={columnId} columnId={columnId} onClose={close} /> : null;
    }
    default:
      return null;
  }
}
