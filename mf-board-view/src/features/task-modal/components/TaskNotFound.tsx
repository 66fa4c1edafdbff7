import { Spinner } from 'shared-ui';
import { Modal } from 'shared-ui/widgets';
import './task-modal.css';

/**
 * The task modal when the address names no task of this board (deleted, or a mistyped number): it says
 * so over the board and closes as the modal does; `looking` while the number is still being resolved.
 */
export function TaskNotFound({
  taskNumber,
  looking,
  onClose,
}: {
  taskNumber: string;
  looking: boolean;
  onClose: () => void;
}) {
  return (
    <Modal title="Задача" width={1200} onClose={onClose} className="bv-task-modal">
      {looking ? (
        <div className="bv-task__state">
          <Spinner label="Загрузка задачи…" />
        </div>
      ) : (
        <div className="bv-task__state" role="alert">
          <p>Задачи №{taskNumber} на этой доске нет: она удалена или в ссылке ошибка.</p>
        </div>
      )}
    </Modal>
  );
}
