import type { FileItem } from 'contract';
import { formatFileSize } from '../model/file-size';

export interface FileRowProps {
  file: FileItem;
  /** A delete of this file is under way. */
  busy: boolean;
  onOpen(file: FileItem): void;
  onDelete(file: FileItem): void;
}

/** One attached file: its name opens it, its type and size, and ✕ to delete it. */
export function FileRow({ file, busy, onOpen, onDelete }: FileRowProps) {
  return (
    <li className="bv-file" aria-busy={busy || undefined}>
      <div className="bv-file__body">
        <button
          type="button"
          className="bv-file__name"
          title={`Открыть «${file.name}»`}
          disabled={busy}
          onClick={() => onOpen(file)}
        >
          {file.name}
        </button>
        <span className="bv-file__meta">
          <span className="bv-file__type" title={file.type}>
            {file.type || 'без типа'}
          </span>
          <span aria-hidden="true">·</span>
          <span className="bv-file__size">{formatFileSize(file.size)}</span>
        </span>
      </div>
      <button
        type="button"
        className="bv-file__delete"
        aria-label={`Удалить файл «${file.name}»`}
        title="Удалить"
        disabled={busy}
        onClick={() => onDelete(file)}
      >
        ✕
      </button>
    </li>
  );
}
