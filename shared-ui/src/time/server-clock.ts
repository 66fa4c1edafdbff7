/**
 * The server's clock, as the API's answers tell it (their `Date` header): times shown as "5 минут
 * назад" are counted from it, so a device whose clock runs ahead or behind never dates a comment just
 * posted in the future. `Date` has whole seconds: differences under 2 s are taken as none.
 */
import { useEffect, useState } from 'react';

let offsetMs = 0;

/** Notes the server's time from an answer's headers (every API answer goes through here). */
export function noteServerDate(headers: Headers, receivedAt: number = Date.now()): void {
  const date = headers.get('date');
  if (!date) return;
  const server = Date.parse(date);
  if (Number.isNaN(server)) return;
  // The header's second started up to a second before the answer was read: its middle is closest.
  const offset = server + 500 - receivedAt;
  offsetMs = Math.abs(offset) < 2000 ? 0 : offset;
}

/** Now, by the server's clock. */
export const serverNow = (): number => Date.now() + offsetMs;

/** The server's now, renewed every `intervalMs` (30 s), so relative times keep moving on screen. */
export function useServerNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(serverNow()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
