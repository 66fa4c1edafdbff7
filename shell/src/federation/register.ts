/**
 * The federation runtime's set-up, React-free so that it runs as the page starts (first-route.ts),
 * before the shell's shared modules are negotiated. The shell is built with no remotes; each is
 * registered from /remotes.json the first time the page needs it, on the host's own runtime instance,
 * so remotes share its react, router, zustand and shared-ui.
 */
import { registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
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

let started = false;
const registered = new Map<string, string>();

/** Installs the shell's runtime plugins, once. */
export function startFederation(): void {
  if (started) return;
  started = true;
  registerPlugins([retryPlugin(), errorFallbackPlugin(), versionsPlugin()]);
}

/** Registers `name` with its manifest from the remotes map (again after a redeploy moved it). */
export async function ensureRegistered(name: string, refresh = false): Promise<void> {
  startFederation();
  const map = await getRemotesMap({ refresh });
  const url = map[name];
  if (!url) throw new RemoteMissingError(name);
  const entry = toAbsoluteUrl(url);
  if (registered.get(name) === entry) return;
  registerRemotes([{ name, entry }], { force: registered.has(name) });
  registered.set(name, entry);
}
