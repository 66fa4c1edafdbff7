/**
 * Federation start-up. The shell is built with no remotes; at run time it reads /remotes.json,
 * registers each remote the first time a route needs it (`registerRemotes` on the host's own runtime
 * instance, so remotes share its react, router, zustand and shared-ui) and loads `<name>/App`.
 * Redeploying a remote changes only its folder and manifest: the next page load picks it up.
 */
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { errorFallbackPlugin } from '../runtime-plugins/error-fallback';
import { retryPlugin } from '../runtime-plugins/retry';
import { getRemotesMap, toAbsoluteUrl } from './remotes-map';
import { versionsPlugin } from './versions';

/** The remote is not listed in /remotes.json (not deployed). */
export class RemoteMissingError extends Error {
  constructor(readonly remote: string) {
    super(`Remote ${remote} is not listed in /remotes.json`);
    this.name = 'RemoteMissingError';
  }
}

const registered = new Map<string, string>();

export function startFederation(): void {
  registerPlugins([retryPlugin(), errorFallbackPlugin(), versionsPlugin()]);
  // Warm up: fetch the map while the first screen renders.
  getRemotesMap().catch(() => {});
}

async function ensureRegistered(name: string, refresh: boolean): Promise<void> {
  const map = await getRemotesMap({ refresh });
  const url = map[name];
  if (!url) throw new RemoteMissingError(name);
  const entry = toAbsoluteUrl(url);
  if (registered.get(name) === entry) return;
  registerRemotes([{ name, entry }], { force: registered.has(name) });
  registered.set(name, entry);
}

export async function loadRemoteComponent(
  name: string,
  expose: string,
  { refresh = false } = {},
): Promise<ComponentType> {
  await ensureRegistered(name, refresh);
  const module = await loadRemote<{ default?: ComponentType }>(`${name}/${expose}`);
  const component = module?.default;
  if (typeof component !== 'function' && typeof component !== 'object') {
    throw new Error(`${name}/${expose} has no default export`);
  }
  return component as ComponentType;
}
