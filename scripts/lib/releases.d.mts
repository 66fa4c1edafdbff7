// Types for releases.mjs (imported by the e2e tests and the coldload benchmark).
export declare const FRONT_ENDS: readonly string[];
export declare const REMOTES: readonly string[];
export declare function siteDir(deployDir: string, app: string): string;
export declare function currentDir(deployDir: string, app: string): string;
export declare function contentHash(dir: string): string;

export interface ReleaseVersion {
  name: string;
  version: string | null;
  build: string;
  release: string;
  deployedAt: string;
}

export declare function currentRelease(
  deployDir: string,
  app: string,
): { id: string; dir: string; version: ReleaseVersion | null } | null;

export declare function publish(options: {
  deployDir: string;
  app: string;
  dist: string;
  packageVersion?: string;
}): { id: string; version: ReleaseVersion; skipped: boolean };

export declare function writeRemotesMap(deployDir: string, source: string): string;
