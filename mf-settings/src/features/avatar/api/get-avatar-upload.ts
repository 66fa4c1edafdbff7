import { apiClient, fileType } from 'shared-ui';

export interface AvatarUpload {
  /** Signed link the bytes are PUT to. */
  uploadUrl: string;
  /** Where the image will be served from; handed back to POST /api/file/avatar/add. */
  objectUrl: string;
}

/** Step 1 of an avatar change: a signed upload link bound to this file's name, type and size. */
export function getAvatarUpload(file: File) {
  return apiClient.get<AvatarUpload>('/api/file/avatar/upload', {
    query: { name: file.name, type: fileType(file), size: file.size },
  });
}
