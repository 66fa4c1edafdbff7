import { useLeaveGuard } from 'shared-ui';
import { useConfirm } from 'shared-ui/widgets';

/**
 * Closing a dialog whose typed text is kept nowhere: while `dirty`, Escape, the backdrop and ✖ ask
 * first ('Закрыть без сохранения?', `message` saying what goes), and so does leaving the page.
 * `requestClose` is the Modal's `onClose`; render `confirmDialog` inside the dialog.
 */
export function useGuardedClose(dirty: boolean, onClose: () => void, message: string) {
  const { confirm, confirmDialog } = useConfirm();
  useLeaveGuard(dirty);
  const requestClose = async () => {
    if (dirty) {
      const leave = await confirm({ title: 'Закрыть без сохранения?', message, confirmText: 'Не сохранять' });
      if (!leave) return;
    }
    onClose();
  };
  return { requestClose: () => void requestClose(), confirmDialog };
}
