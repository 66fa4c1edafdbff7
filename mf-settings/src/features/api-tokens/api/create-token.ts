import type { ApiToken } from 'contract/tokens';
import { apiClient } from 'shared-ui';

export type CreateTokenBody = Pick<ApiToken, 'name' | 'scope' | 'expiresAt'>;

/** A token just made: the listed fields and `token`, its secret, which the API shows this once. */
export type NewApiToken = ApiToken & { token: string };

/** Makes an API token; `expiresAt` null means it never expires. */
export function createToken(body: CreateTokenBody) {
  return apiClient.post<NewApiToken>('/api/tokens', body);
}
