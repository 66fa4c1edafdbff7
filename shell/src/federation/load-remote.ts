/**
 * Loads `<name>/App` of a remote registered from /remotes.json (register.ts). Redeploying a remote
 * changes only its folder and manifest: the next page load picks it up.
 */
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { ensureRegistered } from './register';

export { RemoteMissingError } from './register';

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
