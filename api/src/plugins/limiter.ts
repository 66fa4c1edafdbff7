/**
 * Fixed-window attempt counters. With Redis every instance shares them (INCR + PEXPIRE in one
 * script); without it a Map in this process keeps them, which is right for one instance only.
 */
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { RateLimit } from '../config.js';
import { HttpError, MESSAGES } from '../errors.js';

export interface Hit {
  count: number;
  /** Milliseconds until the window ends. */
  resetMs: number;
}

export interface LimiterStore {
  hit(key: string, windowMs: number): Promise<Hit>;
  close(): Promise<void>;
}

export class MemoryStore implements LimiterStore {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  private readonly sweeper = setInterval(() => this.sweep(), 60_000).unref();

  async hit(key: string, windowMs: number): Promise<Hit> {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetMs: window.endsAt - now };
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.windows.clear();
  }
}

const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }`;

export class RedisStore implements LimiterStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async hit(key: string, windowMs: number): Promise<Hit> {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, `${this.prefix}${key}`, windowMs)) as [
      number,
      number,
    ];
    return { count, resetMs: ttl };
  }

  async close(): Promise<void> {}
}

export interface LimitRule {
  /** Names the counter, e.g. `login:ip`. */
  name: string;
  /** Whose attempts: an IP, an e-mail, a reset id. */
  subject: string | number;
  limit: RateLimit;
}

export interface Limiter {
  /**
   * Counts one attempt against every rule; throws 429 keyed by `field` when any rule is over its
   * limit. A store failure (Redis away) lets the attempt through; plugins/outages.ts counts it.
   */
  check(field: string, rules: LimitRule[]): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    limiter: Limiter;
  }
}

export default fp(
  async (app) => {
    const store: LimiterStore = app.redis
      ? new RedisStore(app.redis, `${app.config.redisPrefix}rl:`)
      : new MemoryStore();
    app.addHook('onClose', () => store.close());

    app.decorate('limiter', {
      async check(field, rules) {
        let hits: Hit[];
        try {
          hits = await Promise.all(
            rules.map((rule) => store.hit(`${rule.name}:${rule.subject}`, rule.limit.windowMs)),
          );
        } catch (err) {
          app.outages.refused('redis', 'rate_limit_check', err);
          return;
        }
        let retryMs = 0;
        hits.forEach((hit, i) => {
          const rule = rules[i];
          if (rule && hit.count > rule.limit.max) retryMs = Math.max(retryMs, hit.resetMs);
        });
        if (retryMs > 0) {
          throw new HttpError(
            429,
            { [field]: MESSAGES.tooManyAttempts },
            { 'retry-after': String(Math.ceil(retryMs / 1000)) },
          );
        }
      },
    } satisfies Limiter);
  },
  { name: 'limiter', dependencies: ['config', 'redis', 'outages'] },
);
