import type { PublicLink } from 'contract';
import { apiClient } from 'shared-ui';

export type { PublicLink };

const path = (boardId: number) => `/api/board/${boardId}/public-link`;

/** The board's public link, or null while it is off (administrators). */
export function getPublicLink(boardId: number) {
  return apiClient.get<{ link: PublicLink | null }>(path(boardId));
}

/** Turns the link on, or replaces it: the old one stops working at once. */
export function createPublicLink(boardId: number) {
  return apiClient.post<PublicLink>(path(boardId));
}

/** Turns the link off: it stops working at once. */
export function deletePublicLink(boardId: number) {
  return apiClient.delete<{ success: true }>(path(boardId));
}
