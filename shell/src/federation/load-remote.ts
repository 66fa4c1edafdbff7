/**
 * Loads `<name>/App` of a remote registered from /remotes.json (register.ts). Redeploying a remote
 * changes only its folder and manifest: the next page load picks it up.
 */
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { ensureRegistered } from './register';

export { RemoteMissingError } from './register';

/** Apps the page started loading before anything asked for them (the first route's). */
const early = new Map<string, Promise<ComponentType>>();

/**
 * Starts loading `<name>/App` now, for the first `loadRemoteComponent` of it to take: the page's first
 * route calls this as soon as it knows its remote (first-route.ts), so the remote's entry and App run
 * as they arrive instead of once the shell has rendered the route and its slot asked for them. A
 * failure reaches the slot that takes it, which shows its error area as it would have.
 */
export function startLoadingApp(name: string): void {
  if (early.has(name)) return;
  const loading = loadRemoteComponent(name, 'App');
  loading.catch(() => {});
  early.set(name, loading);
}

export async function loadRemoteComponent(
  name: string,
  expose: string,
  { refresh = false } = {},
): Promise<ComponentType> {
  const started = expose === 'App' && !refresh ? early.get(name) : undefined;
  if (started) {
    early.delete(name);
    return started;
  }
  await ensureRegistered(name, refresh);
  const module = await loadRemote<{ default?: ComponentType }>(`${name}/${expose}`);
  const component = module?.default;
  if (typeof component !== 'function' && typeof component !== 'object') {
    throw new Error(`${name}/${expose} has no default export`);
  }
  return component as ComponentType;
}
