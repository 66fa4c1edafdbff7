/**
 * A board seen through its read-only public link (`/p/{token}`, the administrator's 'Доступ по
 * ссылке'): the public route provides the link's token, and what reads the board asks the public API
 * with it (`/api/public/{token}…`: the board, a task, a file's link), subscribes with it, and builds
 * its task links under `/p/{token}`. Whoever looks, signed in or not, is a reader ('viewer') with
 * nothing member-only on screen: no presence, history, watch, members, trash, archive or export.
 * Null everywhere else: the board of `/board/{id}` as its member sees it.
 */
import { createContext, type ReactNode, useContext } from 'react';

const PublicTokenContext = createContext<string | null>(null);

export function PublicBoardProvider({ token, children }: { token: string; children: ReactNode }) {
  return <PublicTokenContext.Provider value={token}>{children}</PublicTokenContext.Provider>;
}

/** The public link's token while the board on screen is seen through it, null otherwise. */
export function usePublicToken(): string | null {
  return useContext(PublicTokenContext);
}

/** Where the public API answers for a link: `/api/public/{token}`. */
export const publicApi = (token: string) => `/api/public/${encodeURIComponent(token)}`;

/** What a dead link's page says (the API's 404 says the same). */
export const PUBLIC_GONE = 'Ссылка не действует: её выключили или заменили';

/** Why nothing can be changed on a public link's page. */
export const PUBLIC_READ_ONLY = 'Только просмотр по ссылке';
