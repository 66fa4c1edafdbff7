import type { TwoFactorStatus } from 'contract';
import { apiClient } from 'shared-ui';

/** Whether two-factor sign-in is on, and how many recovery codes are left. */
export function getTwoFactor(signal?: AbortSignal) {
  return apiClient.get<TwoFactorStatus>('/api/auth/2fa', { signal });
}
