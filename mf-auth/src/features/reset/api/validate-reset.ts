import { apiClient } from 'shared-ui';

/** Step 2: check the code from the e-mail. */
export function validateReset(resetId: string, code: string) {
  return apiClient.patch<{ id: string | number }>('/api/reset/validate', {
    code: code.trim().toLowerCase(),
    resetId,
  });
}
