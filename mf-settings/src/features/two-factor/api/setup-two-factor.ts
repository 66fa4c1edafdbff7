import type { TwoFactorSetup } from 'contract';
import { apiClient } from 'shared-ui';

/** Offers a new secret: two-factor sign-in stays off until a code from the app confirms it. */
export function setupTwoFactor() {
  return apiClient.post<TwoFactorSetup>('/api/auth/2fa/setup');
}
