import { apiClient } from 'shared-ui';

/** The current private calendar address, or null until one is made. */
export function getCalendarUrl(signal?: AbortSignal) {
  return apiClient.get<{ url: string | null }>('/api/calendar/token', { signal });
}
