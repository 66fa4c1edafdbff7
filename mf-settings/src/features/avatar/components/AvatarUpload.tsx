import { useEffect, useState } from 'react';
import { Avatar, Button, Dropzone, errorsOf, ProgressBar, type Status, useAuthStore } from 'shared-ui';
import { SettingsCard } from '../../../components/settings-card/SettingsCard';
import { addAvatar } from '../api/add-avatar';
import { getAvatarUpload } from '../api/get-avatar-upload';
import { uploadAvatarFile } from '../api/upload-avatar-file';
import './avatar-upload.css';

const IMAGES = { 'image/*': [] };

/** A local preview of the chosen file (revoked when the file changes or the page is left). */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/**
 * The current avatar (128px) and a drop area: pick or drop an image ('Загрузить файл'), see it, then
 * 'Загрузить этот файл': signed link, PUT with progress, add, and the current user is reloaded so the
 * header's avatar changes at once.
 */
export function AvatarUpload() {
  const user = useAuthStore((state) => state.user);
  const loadUser = useAuthStore((state) => state.loadUser);
  const [file, setFile] = useState<File | null>(null);
  const [status, setStatus] = useState<Status>('default');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = usePreview(file);
  const busy = status === 'processing';

  const choose = ([first]: File[]) => {
    if (!first || busy) return;
    setFile(first);
    setStatus('default');
    setError(null);
  };

  const upload = async () => {
    if (!file || busy) return;
    setStatus('processing');
    setError(null);
    setProgress(0);
    try {
      const { uploadUrl, objectUrl } = await getAvatarUpload(file);
      await uploadAvatarFile(uploadUrl, file, setProgress);
      await addAvatar(objectUrl);
      await loadUser();
      setFile(null);
      setStatus('success');
    } catch (caught) {
      const body = errorsOf(caught);
      setError(body.message ?? Object.values(body)[0] ?? 'Не удалось загрузить файл');
      setStatus('error');
    } finally {
      setProgress(null);
    }
  };

  return (
    <SettingsCard title="Аватар" className="settings-avatar">
      <div className="settings-avatar__body">
        <Avatar user={user} size="large" isCurrentUser />
        <div className="settings-avatar__side">
          <Dropzone
            label="Загрузить файл"
            accept={IMAGES}
            disabled={busy}
            onFiles={choose}
            hint="Перетащите изображение сюда или нажмите, чтобы выбрать"
          />
          {file && preview && (
            <div className="settings-avatar__chosen">
              <img className="settings-avatar__preview" src={preview} alt="Выбранное изображение" />
              <span className="settings-avatar__name" title={file.name}>
                {file.name}
              </span>
              <Button status={status} onClick={() => void upload()}>
                Загрузить этот файл
              </Button>
            </div>
          )}
          {progress !== null && <ProgressBar value={progress} label={`Загрузка «${file?.name ?? ''}»`} />}
          {error && (
            <p className="settings-avatar__error" role="alert">
              {error}
            </p>
          )}
          {status === 'success' && (
            <p className="settings-avatar__done" role="status">
              Аватар обновлён
            </p>
          )}
        </div>
      </div>
    </SettingsCard>
  );
}
