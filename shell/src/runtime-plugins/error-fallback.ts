import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * The fallback for a remote that fails is React's: the shell's RemoteSlot shows an error area with
 * 'Повторить'. This plugin makes sure no failure is swallowed: it logs which remote failed at which
 * step and lets the error reach that area (returning nothing means "not recovered").
 */
export function errorFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'shell-error-fallback',
    errorLoadRemote({ id, error, lifecycle, remote }) {
      console.error(`[shell] remote "${remote?.name ?? id}" failed (${lifecycle})`, error);
      return undefined;
    },
  };
}
