import type { ApiToken } from 'contract/tokens';
import { apiClient } from 'shared-ui';

/** The user's API tokens, newest first (never their secrets). */
export function listTokens(signal?: AbortSignal) {
  return apiClient.get<ApiToken[]>('/api/tokens', { signal });
}
