/**
 * Short-lived values read once: a sign-in started at the OIDC provider (10 minutes) and the code the
 * browser trades for its token (60 s). In Redis when the instances share one, so the callback may
 * reach another instance than the start did; else in this process's memory (one instance), as the
 * limiter does.
 */
import type { Redis } from 'ioredis';

export interface OneTimeStore {
  put(key: string, value: string, ttlMs: number): Promise<void>;
  /** The value, deleted in the same step; null when absent, expired or already taken. */
  take(key: string): Promise<string | null>;
  close(): void;
}

export function redisOneTimeStore(redis: Redis, prefix: string): OneTimeStore {
  return {
    async put(key, value, ttlMs) {
      await redis.set(`${prefix}${key}`, value, 'PX', ttlMs);
    },
    take: (key) => redis.getdel(`${prefix}${key}`),
    close() {},
  };
}

export function memoryOneTimeStore(): OneTimeStore {
  const entries = new Map<string, { value: string; expiresAt: number }>();
  const sweeper = setInterval(() => {
    const now = Date.now();
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
  }, 60_000).unref();
  return {
    async put(key, value, ttlMs) {
      entries.set(key, { value, expiresAt: Date.now() + ttlMs });
    },
    async take(key) {
      const entry = entries.get(key);
      entries.delete(key);
      return entry && entry.expiresAt > Date.now() ? entry.value : null;
    },
    close() {
      clearInterval(sweeper);
      entries.clear();
    },
  };
}
