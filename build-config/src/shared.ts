import { readFileSync } from 'node:fs';
import type { ProxyConfig } from '@rsbuild/core';

/** The API's dev server, behind every front-end's dev server. */
const API_ORIGIN = 'http://127.0.0.1:3000';

/** `/api` and the realtime websocket go to the API, so the dev pages are same-origin with it. */
export const devProxy: ProxyConfig = {
  '/api': { target: API_ORIGIN, changeOrigin: true },
  '/socket.io': { target: API_ORIGIN, ws: true, changeOrigin: true },
};

type PackageJson = { name: string; version: string; dependencies?: Record<string, string> };

export function readPackage(packageJson: URL): PackageJson {
  return JSON.parse(readFileSync(packageJson, 'utf8')) as PackageJson;
}

/**
 * The singletons every front-end shares through federation (DESIGN: one react, react-dom,
 * react-router-dom, zustand and shared-ui in the page), each required at the range the package
 * declares. The shell and every remote use this one list, so they cannot drift apart.
 */
export function sharedSingletons(pkg: PackageJson) {
  const range = (name: string) => {
    const version = pkg.dependencies?.[name];
    if (!version) throw new Error(`${name} is not a dependency of ${pkg.name}`);
    return /^\d/.test(version) ? `^${version}` : version;
  };
  return {
    react: { singleton: true, requiredVersion: range('react') },
    'react-dom': { singleton: true, requiredVersion: range('react-dom') },
    'react-router-dom': { singleton: true, requiredVersion: range('react-router-dom') },
    zustand: { singleton: true, requiredVersion: range('zustand') },
    // Workspace package consumed from source: one instance, whatever its version. Its widgets (Modal,
    // the confirmation, the drop area...) are a second singleton, fetched when a dialog or form first
    // needs them: the shell's first load carries the core only. Its other subpaths (prefetch, lazy,
    // load, paths, theme) are not shared: each front end bundles its own copy of what it imports.
    'shared-ui': { singleton: true, requiredVersion: false as const },
    'shared-ui/widgets': { singleton: true, requiredVersion: false as const },
  };
}
