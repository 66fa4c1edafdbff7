import { apiClient } from 'shared-ui';

/** Step 1: ask for a code by e-mail. Answers the reset id. */
export function createReset(email: string) {
  return apiClient.post<{ id: string | number }>('/api/reset/create', { email: email.trim().toLowerCase() });
}
