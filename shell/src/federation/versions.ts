/**
 * Which build of each remote this page runs, for the /about page (docs/decisions.md "Which version is
 * loaded"). React-free: the shell registers the plugin before its shared modules load. A remote's manifest carries its package.json version (metaData.buildInfo.buildVersion) and
 * the content-hashed name of its entry script; the hash changes with every different build, so it
 * tells two builds of one version apart.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export interface RemoteBuild {
  /** package.json version the remote was built with. */
  version: string;
  /** Content hash of its entry script (e.g. `40e3f1c893`), or null when the name carries none. */
  build: string | null;
}

/** `static/js/mf_boards.40e3f1c893.js` -> `40e3f1c893`. */
export function buildOf(entry: string): string | null {
  return /\.([0-9a-f]{6,})\.m?js$/i.exec(entry)?.[1] ?? null;
}

/** The version and build a federation manifest describes. */
export function buildFromManifest(manifest: unknown): RemoteBuild | null {
  const meta = (manifest as { metaData?: Record<string, unknown> } | null)?.metaData;
  const version = (meta?.buildInfo as { buildVersion?: unknown } | undefined)?.buildVersion;
  const entry = meta?.remoteEntry as { path?: unknown; name?: unknown } | undefined;
  if (typeof version !== 'string') return null;
  return { version, build: typeof entry?.name === 'string' ? buildOf(entry.name) : null };
}

let loaded: ReadonlyMap<string, RemoteBuild> = new Map();
const listeners = new Set<() => void>();

export function recordLoadedRemote(name: string, build: RemoteBuild): void {
  const current = loaded.get(name);
  if (current?.version === build.version && current.build === build.build) return;
  loaded = new Map(loaded).set(name, build);
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever a remote's build is noted; returns the unsubscribe. */
export function subscribeLoadedRemotes(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Remote name (`mf_boards`) -> the build this page loaded; remotes not loaded yet are absent. */
export const loadedRemotes = (): ReadonlyMap<string, RemoteBuild> => loaded;

/** Notes each remote's version and build as the federation runtime reads its manifest. */
export function versionsPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'shell-versions',
    afterLoadSnapshot(args) {
      const snapshot = args.remoteSnapshot as { buildVersion?: unknown; remoteEntry?: unknown };
      if (typeof snapshot.buildVersion === 'string') {
        recordLoadedRemote(args.moduleInfo.name, {
          version: snapshot.buildVersion,
          build: typeof snapshot.remoteEntry === 'string' ? buildOf(snapshot.remoteEntry) : null,
        });
      }
      return args;
    },
  };
}
