import { ProgressBar } from 'shared-ui/widgets';

export interface Upload {
  key: number;
  name: string;
  progress: number;
  phase: 'uploading' | 'saving' | 'error';
  error?: string;
}

export interface UploadRowProps {
  upload: Upload;
  /** Hides a failed upload's row. */
  onDismiss(key: number): void;
}

/** A file on its way: its progress, 'Сохраняем…' while it is added, or why it failed. */
export function UploadRow({ upload, onDismiss }: UploadRowProps) {
  return (
    <li className="bv-file bv-file--upload">
      <div className="bv-file__body">
        <span className="bv-file__name bv-file__name--plain">{upload.name}</span>
        {upload.phase === 'error' ? (
          <span className="bv-file__error" role="alert">
            {upload.error}
          </span>
        ) : (
          <span className="bv-file__progress">
            <ProgressBar value={upload.progress} label={`Загрузка «${upload.name}»`} />
            <span className="bv-file__percent">
              {upload.phase === 'saving' ? 'Сохраняем…' : `${upload.progress}%`}
            </span>
          </span>
        )}
      </div>
      {upload.phase === 'error' && (
        <button
          type="button"
          className="bv-file__delete"
          aria-label={`Скрыть ошибку «${upload.name}»`}
          title="Скрыть"
          onClick={() => onDismiss(upload.key)}
        >
          ✕
        </button>
      )}
    </li>
  );
}
