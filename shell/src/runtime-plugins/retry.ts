import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { takePrefetched } from '../federation/prefetch';

interface RetryOptions {
  retries?: number;
  delayMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Fetches remote manifests without the HTTP cache (a redeployed remote is seen on the next load) and
 * retries network errors and 5xx answers a few times with a growing delay. A 404 is final: the
 * remote's error area offers a manual retry. A manifest prefetched at start (federation/prefetch) is
 * used when it arrived fine.
 */
export function retryPlugin({
  retries = 2,
  delayMs = 400,
}: RetryOptions = {}): ModuleFederationRuntimePlugin {
  return {
    name: 'shell-retry',
    async fetch(url, init) {
      const prefetched = await takePrefetched(url)?.catch(() => null);
      if (prefetched?.ok) return prefetched;
      for (let attempt = 0; ; attempt += 1) {
        try {
          const response = await fetch(url, { ...init, cache: 'no-cache' });
          if (response.status < 500 || attempt >= retries) return response;
        } catch (error) {
          if (attempt >= retries) throw error;
        }
        await sleep(delayMs * (attempt + 1));
      }
    },
  };
}
