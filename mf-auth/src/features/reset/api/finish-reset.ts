import { apiClient } from 'shared-ui';

/** Step 3: set the new password. */
export function finishReset(resetId: string, password: string, password2: string) {
  return apiClient.patch<{ isCompleted: boolean }>('/api/reset/password', {
    resetId,
    password: password.trim(),
    password2: password2.trim(),
  });
}
