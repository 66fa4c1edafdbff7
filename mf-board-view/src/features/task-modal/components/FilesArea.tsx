import { useParams } from 'react-router-dom';
import { useBoard } from '../../../shared/board-context';
import { TaskFiles } from '../../../shared/files/TaskFiles';
import type { FileItem } from '../../../shared/types';

/**
 * 'Файлы' of a task, in the modal's right column. The attachments UI lives in `src/shared/files/`
 * (features do not import each other); this is only its place in the task modal.
 */
export function FilesArea({ files }: { files: FileItem[] }) {
  const board = useBoard();
  const { taskId = '' } = useParams();
  return (
    <section className="bv-files-area" aria-labelledby="bv-task-files-title" data-area="files">
      <TaskFiles boardId={board.id} taskId={taskId} files={files} titleId="bv-task-files-title" />
    </section>
  );
}
