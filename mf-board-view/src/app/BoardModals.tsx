import { MODALS, useModalStore } from 'shared-ui';
import { EditBoardModal } from '../features/board-settings/components/EditBoardModal';
import { MembersModal } from '../features/members/components/MembersModal';

/** The board's modals, chosen by the one current-modal value of shared-ui. */
export function BoardModals() {
  const modal = useModalStore((state) => state.modal);
  const close = useModalStore((state) => state.close);

  switch (modal) {
    case MODALS.EDIT_MEMBERS:
      return <MembersModal onClose={close} />;
    case MODALS.EDIT_BOARD:
      return <EditBoardModal onClose={close} />;
    default:
      return null;
  }
}
