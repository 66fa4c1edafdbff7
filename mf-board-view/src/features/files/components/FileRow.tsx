import type { FileItem } from 'contract';
import { IMAGE_TYPES } from 'contract/image-types';
import { formatFileSize } from 'shared-ui';
import { usePictureLink } from '../../../shared/file-link';

export interface FileRowProps {
  file: FileItem;
  /** A delete of this file (or a change of the cover) is under way. */
  busy: boolean;
  /** This file is the card's cover. */
  cover: boolean;
  /** The role may only open it: no cover or delete button. */
  readOnly?: boolean;
  onOpen(file: FileItem): void;
  onDelete(file: FileItem): void;
  /** Makes the file the card's cover (true) or takes it off (false). */
  onCover(file: FileItem, cover: boolean): void;
}

export const isPicture = (file: FileItem) => (IMAGE_TYPES as readonly string[]).includes(file.type);

/**
 * One attached file: its name opens it, its type and size, and ✕ to delete it. A picture shows a
 * thumbnail and can be the card's cover ('Сделать обложкой' / 'Убрать обложку'). Read-only: open only.
 */
export function FileRow({ file, busy, cover, readOnly = false, onOpen, onDelete, onCover }: FileRowProps) {
  const picture = isPicture(file);
  return (
    <li className="bv-file" aria-busy={busy || undefined}>
      {picture && <Thumbnail fileId={file.id} />}
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
          {cover && <span className="bv-file__cover-mark">обложка</span>}
        </span>
        {picture && !readOnly && (
          <button
            type="button"
            className="bv-file__cover"
            aria-label={
              cover ? `Убрать «${file.name}» с обложки карточки` : `Сделать «${file.name}» обложкой карточки`
            }
            disabled={busy}
            onClick={() => onCover(file, !cover)}
          >
            {cover ? 'Убрать обложку' : 'Сделать обложкой'}
          </button>
        )}
      </div>
      {!readOnly && (
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
      )}
    </li>
  );
}

/** The picture itself, small; a box of the same size while its link is asked for. */
function Thumbnail({ fileId }: { fileId: number }) {
  const url = usePictureLink(fileId);
  return (
    <span className="bv-file__thumb" aria-hidden="true">
      {url && <img src={url} alt="" loading="lazy" decoding="async" />}
    </span>
  );
}
