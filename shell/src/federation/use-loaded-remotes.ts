import { useSyncExternalStore } from 'react';
import { loadedRemotes, type RemoteBuild, subscribeLoadedRemotes } from './versions';

/** Remote name (`mf_boards`) -> the build this page loaded; remotes not loaded yet are absent. */
export function useLoadedRemotes(): ReadonlyMap<string, RemoteBuild> {
  return useSyncExternalStore(subscribeLoadedRemotes, loadedRemotes);
}
