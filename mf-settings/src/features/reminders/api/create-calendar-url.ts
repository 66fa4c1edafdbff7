import { apiClient } from 'shared-ui';

/** Makes a new private calendar address; the previous one stops working. */
export function createCalendarUrl() {
  return apiClient.post<{ url: string }>('/api/calendar/token');
}
