import { uploadFile } from 'shared-ui';

/** Step 2: the bytes, by PUT to the signed link, with progress in percents. */
export function uploadAvatarFile(uploadUrl: string, file: File, onProgress: (percent: number) => void) {
  return uploadFile(uploadUrl, file, { onProgress });
}
