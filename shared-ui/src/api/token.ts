export const TOKEN_KEY = 'token';

export function getToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  window.localStorage.setItem(TOKEN_KEY, token);
}

export function removeToken(): void {
  window.localStorage.removeItem(TOKEN_KEY);
}

/**
 * Reads the user id from the token payload (`sub`, `id` or `userId`) without verifying it: the server
 * verifies; the client only needs the id early, before `/api/auth/user` answers.
 */
export function userIdFromToken(token: string | null): number | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
    const raw = json.sub ?? json.id ?? json.userId;
    const id = typeof raw === 'number' ? raw : Number(raw);
    return Number.isFinite(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}
