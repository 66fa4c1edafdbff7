import type { AuthProvider } from 'contract';
import { apiClient } from 'shared-ui';

export const listProviders = () => apiClient.get<AuthProvider[]>('/api/auth/providers');
