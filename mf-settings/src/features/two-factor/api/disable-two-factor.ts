import { apiClient } from 'shared-ui';

/** Turns two-factor sign-in off: the password and a code from the app (or a recovery code). */
export function disableTwoFactor(body: { password: string; code: string }) {
  return apiClient.post<{ success: true }>('/api/auth/2fa/disable', body);
}
