import type { ImageType } from 'contract';
import { useEffect, useState } from 'react';
import { Avatar, Button, useAuthStore, useSubmit } from 'shared-ui';
import { Dropzone, ProgressBar } from 'shared-ui/widgets';
import { SettingsCard } from '../../../components/settings-card/SettingsCard';
import { addAvatar } from '../api/add-avatar';
import { getAvatarUpload } from '../api/get-avatar-upload';
import { uploadAvatarFile } from '../api/upload-avatar-file';
import './avatar-upload.css';

/**
 * Exactly the types the API keeps as avatars: a HEIC, SVG or BMP is refused here, before any upload
 * (the type check fails when the API's list changes and this one does not).
 */
const IMAGES: Record<ImageType, string[]> = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
};

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
  const [progress, setProgress] = useState<number | null>(null);
  const form = useSubmit();
  const preview = usePreview(file);

  const choose = ([first]: File[]) => {
    if (!first || form.busy) return;
    setFile(first);
    form.reset();
  };

  const upload = async () => {
    if (!file || form.busy) return;
    setProgress(0);
    await form.submit(async () => {
      try {
        const { uploadUrl, objectUrl } = await getAvatarUpload(file);
        await uploadAvatarFile(uploadUrl, file, setProgress);
        await addAvatar(objectUrl);
        await loadUser();
        setFile(null);
      } finally {
        setProgress(null);
      }
    });
  };

  const error =
    form.status === 'error' &&
    (form.errors.message ?? Object.values(form.errors)[0] ?? 'Не удалось загрузить файл');

  return (
    <SettingsCard title="Аватар" className="settings-avatar">
      <div className="settings-avatar__body">
        <Avatar user={user} size="large" isCurrentUser />
        <div className="settings-avatar__side">
          <Dropzone
            label="Загрузить файл"
            accept={IMAGES}
            disabled={form.busy}
            onFiles={choose}
            hint="Перетащите изображение сюда или нажмите, чтобы выбрать"
          />
          {file && preview && (
            <div className="settings-avatar__chosen">
              <img className="settings-avatar__preview" src={preview} alt="Выбранное изображение" />
              <span className="settings-avatar__name" title={file.name}>
                {file.name}
              </span>
              <Button status={form.status} onClick={() => void upload()}>
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
          {form.status === 'success' && (
            <p className="settings-avatar__done" role="status">
              Аватар обновлён
            </p>
          )}
        </div>
      </div>
    </SettingsCard>
  );
}
