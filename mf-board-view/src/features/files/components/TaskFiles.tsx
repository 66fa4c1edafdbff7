/**
 * A task's attachments: the list (open through a short-lived link, delete after confirmation) and a drop
 * area for new files. Each dropped or picked file is uploaded on its own, in parallel, with its own
 * progress bar: signed link (GET /api/file/upload), PUT of the bytes, then POST /api/file/add. The add
 * calls run one after another, so each answer (the task's whole list) is at least as new as the one
 * before it. After an add or a delete the board reloads, so the card's file count follows. A picture
 * can be the card's cover: which one is read from the board (live for every viewer). A role that
 * may not edit (a commenter, a viewer) opens the files only: no drop area, delete or cover buttons.
 */

import type { FileItem } from 'contract';
import { useRef, useState } from 'react';
import { errorsOf, type FieldErrors, fileType, uploadFile, useLeaveGuard } from 'shared-ui';
import { Dropzone, useConfirmedAction } from 'shared-ui/widgets';
import { useBoardState, useReload } from '../../../shared/board-context';
import { getFileLink } from '../../../shared/file-link';
import { usePublicToken } from '../../../shared/public-board';
import { useCan } from '../../../shared/roles';
import { addFile } from '../api/add-file';
import { deleteFile } from '../api/delete-file';
import { getUploadLink } from '../api/get-upload-link';
import { setCover } from '../api/set-cover';
import './files.css';
import { FileRow } from './FileRow';
import { type Upload, UploadRow } from './UploadRow';

const messageOf = (body: FieldErrors, fallback: string) => body.message ?? Object.values(body)[0] ?? fallback;

/** The signed link without its query and fragment: what the API stores as the file's url. */
export const withoutQuery = (url: string) => url.split(/[?#]/)[0] ?? url;

export interface TaskFilesProps {
  boardId: number;
  taskId: string;
  /** The task's files as last fetched; newer answers of add and delete are shown until it changes. */
  files: FileItem[];
  /** Id of the 'Файлы' heading, for the section around it. */
  titleId?: string;
}

export function TaskFiles({ boardId, taskId, files, titleId }: TaskFilesProps) {
  const reloadBoard = useReload();
  const canEdit = useCan('edit');
  const publicToken = usePublicToken();
  const coverFileId = useBoardState((state) => state.board?.tasks[taskId]?.coverFileId ?? null);
  const [answer, setAnswer] = useState<{ from: FileItem[]; list: FileItem[] } | null>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [busyIds, setBusyIds] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const remove = useConfirmedAction({
    onError: (body) => setError(messageOf(body, 'Не удалось удалить файл')),
  });
  // A file still on its way cannot be kept if the page goes: leaving asks first.
  useLeaveGuard(uploads.some((upload) => upload.phase !== 'error'));
  const nextKey = useRef(0);
  const addQueue = useRef<Promise<unknown>>(Promise.resolve());

  // Read when an answer lands, so it is paired with the files the modal shows then.
  const current = useRef(files);
  current.current = files;

  const list = answer && answer.from === files ? answer.list : files;
  const show = (next: FileItem[]) => setAnswer({ from: current.current, list: next });
  const patchUpload = (key: number, patch: Partial<Upload>) =>
    setUploads((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  const dropUpload = (key: number) => setUploads((current) => current.filter((item) => item.key !== key));
  const setBusy = (id: number, busy: boolean) =>
    setBusyIds((current) => (busy ? [...current, id] : current.filter((item) => item !== id)));

  const uploadOne = async (file: File) => {
    const key = nextKey.current++;
    setUploads((current) => [...current, { key, name: file.name, progress: 0, phase: 'uploading' }]);
    try {
      const type = fileType(file);
      const { url } = await getUploadLink({ name: file.name, boardId, taskId, type, size: file.size });
      await uploadFile(url, file, { onProgress: (progress) => patchUpload(key, { progress }) });
      patchUpload(key, { phase: 'saving', progress: 100 });
      const add = () =>
        addFile({ boardId, taskId, name: file.name, url: withoutQuery(url), type, size: file.size });
      const saved = addQueue.current.then(add, add);
      addQueue.current = saved;
      show(await saved);
      dropUpload(key);
      void reloadBoard();
    } catch (caught) {
      patchUpload(key, { phase: 'error', error: messageOf(errorsOf(caught), 'Не удалось загрузить файл') });
    }
  };

  const open = async (file: FileItem) => {
    setError(null);
    try {
      const { url } = await getFileLink(file.id, publicToken);
      window.open(url, '_blank', 'noopener');
    } catch (caught) {
      setError(messageOf(errorsOf(caught), 'Не удалось открыть файл'));
    }
  };

  const onCover = async (file: FileItem, cover: boolean) => {
    setError(null);
    setBusy(file.id, true);
    try {
      await setCover(boardId, taskId, cover ? file.id : null);
      await reloadBoard();
    } catch (caught) {
      setError(messageOf(errorsOf(caught), 'Не удалось изменить обложку'));
    } finally {
      setBusy(file.id, false);
    }
  };

  const onDelete = (file: FileItem) => {
    const confirm = {
      title: 'Удалить файл?',
      message: `Файл «${file.name}» будет удалён у всех участников доски.`,
      confirmText: 'Удалить файл',
    };
    void remove.run(confirm, async () => {
      setError(null);
      setBusy(file.id, true);
      try {
        show(await deleteFile(boardId, file.id));
        void reloadBoard();
      } finally {
        setBusy(file.id, false);
      }
    });
  };

  return (
    <div className="bv-files">
      <h3 className="bv-files__title" id={titleId}>
        Файлы {list.length > 0 && <span className="bv-count bv-files__count">{list.length}</span>}
      </h3>
      {list.length === 0 && uploads.length === 0 ? (
        <p className="bv-files__empty">Файлов пока нет.</p>
      ) : (
        <ul className="bv-files__list">
          {list.map((file) => (
            <FileRow
              key={file.id}
              file={file}
              busy={busyIds.includes(file.id)}
              cover={file.id === coverFileId}
              readOnly={!canEdit}
              onOpen={(item) => void open(item)}
              onDelete={onDelete}
              onCover={(item, cover) => void onCover(item, cover)}
            />
          ))}
          {uploads.map((upload) => (
            <UploadRow key={`upload-${upload.key}`} upload={upload} onDismiss={dropUpload} />
          ))}
        </ul>
      )}
      {error && (
        <p className="bv-files__error" role="alert">
          {error}
        </p>
      )}
      {canEdit && (
        <Dropzone
          label="Прикрепить файлы"
          multiple
          onFiles={(dropped) => {
            for (const file of dropped) void uploadOne(file);
          }}
          hint="Перетащите файлы сюда или нажмите, чтобы выбрать"
          className="bv-files__drop"
        />
      )}
      {remove.confirmDialog}
    </div>
  );
}
