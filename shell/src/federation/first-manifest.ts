/** The global index.html's page-start script (page-start.ts) leaves the route's manifest request in. */
export const FIRST_MANIFEST = '__kanbanFirstManifest';

export interface FirstManifest {
  /** Absolute address of the manifest. */
  url: string;
  response: Promise<Response>;
}
