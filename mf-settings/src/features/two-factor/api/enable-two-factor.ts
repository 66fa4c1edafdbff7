import { apiClient } from 'shared-ui';

/** Turns two-factor sign-in on with a code from the app; the recovery codes are answered this once. */
export function enableTwoFactor(code: string) {
  return apiClient.post<{ recoveryCodes: string[] }>('/api/auth/2fa/enable', { code });
}
