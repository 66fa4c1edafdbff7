import { apiClient, type User } from 'shared-ui';

/** Step 3: make the uploaded image the avatar. Answers the updated user. */
export function addAvatar(objectUrl: string) {
  return apiClient.post<User>('/api/file/avatar/add', { url: objectUrl });
}
