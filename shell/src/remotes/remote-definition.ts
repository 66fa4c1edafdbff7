import type { ComponentType } from 'react';

/** What the shell knows about one remote: its federation name and the module it mounts. */
export interface RemoteDefinition {
  /** Key in /remotes.json and federation name, e.g. `mf_auth`. */
  name: string;
  /** Russian name of the section, for the error area. */
  title: string;
  load: (options?: { refresh?: boolean }) => Promise<ComponentType>;
}
