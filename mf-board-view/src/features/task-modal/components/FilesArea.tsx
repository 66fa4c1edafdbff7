import type { FileItem } from '../../../shared/types';

/**
 * 'Файлы' of a task. Placeholder for the attachments issue (drop area, upload by signed link, open,
 * delete): for now it lists the names the task already has.
 */
export function FilesArea({ files }: { files: FileItem[] }) {
  return (
    <section className="bv-task__files" aria-labelledby="bv-task-files-title" data-area="files">
      <h3 className="bv-task__section-title" id="bv-task-files-title">
        Файлы
      </h3>
      {files.length === 0 ? (
        <p className="bv-task__muted">Файлов пока нет.</p>
      ) : (
        <ul className="bv-task__file-list">
          {files.map((file) => (
            <li key={file.id}>{file.name}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
