import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type EnvironmentConfig, type RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginFederationEsm } from './federation-esm';
import { pluginPrecompress } from './precompress';
import { devProxy, readPackage, sharedSingletons } from './shared';

export interface RemoteOptions {
  /** The federation name, as in the shell's remotes map: `mf_boards`. */
  name: string;
  /** The remote's dev server port (the shell's dev server looks for it there). */
  port: number;
  /** `new URL('./package.json', import.meta.url)` of the remote. */
  packageJson: URL;
  /**
   * Also builds `route-data.js` beside mf-manifest.json, from src/route-data.ts: a standalone script of
   * about a kilobyte that starts the GETs the remote's first screen makes (src/export-route-data.ts,
   * through shared-ui/prefetch). The page asks for it with the manifest, so the data is on its way
   * while the remote's code loads. For remotes with data to read.
   */
  routeData?: boolean;
}

/** The route-data script's name, next to mf-manifest.json (shared-ui/prefetch's ROUTE_DATA_FILE). */
const ROUTE_DATA_FILE = 'route-data.js';

/**
 * The `route-data` build environment: src/route-data.ts and what it imports in one classic script,
 * without a hash in its name (a redeploy replaces it, like the manifest), no HTML, no federation.
 */
function routeDataEnvironment(): EnvironmentConfig {
  return {
    source: { entry: { 'route-data': './src/route-data.ts' } },
    output: {
      target: 'web',
      filename: { js: ROUTE_DATA_FILE },
      distPath: { js: '' },
      // The remote's own environment cleans dist/ first; this one only adds its file.
      cleanDistPath: false,
    },
    performance: { chunkSplit: { strategy: 'all-in-one' } },
    tools: { htmlPlugin: false },
    // The page imports it once, at its start: nothing for the dev server to update in place.
    dev: { hmr: false, liveReload: false },
  };
}

/** Where `STANDALONE_BUILD=1` puts the standalone production build (see below). */
export const STANDALONE_DIST = 'dist-standalone';

/**
 * The remote on its own page for production (`STANDALONE_BUILD=1 rsbuild build`, into
 * dist-standalone/): src/bootstrap.tsx as the entry, with index.html, and no federation at all, no
 * runtime, no manifest, no shared-module negotiation. `bench board-browser` serves it as the site to
 * weigh what federation costs the board screen; nothing deploys it.
 */
function standaloneConfig(): RsbuildConfig {
  return defineConfig({
    plugins: [pluginReact(), pluginPrecompress()],
    source: { entry: { index: './src/bootstrap.tsx' } },
    html: { template: './index.html' },
    output: { distPath: { root: STANDALONE_DIST }, assetPrefix: '/' },
  });
}

/**
 * A remote's Rsbuild configuration: it exposes `./App` (src/export-app.tsx) and shares the singletons
 * with the shell; with `routeData`, a second environment builds route-data.js. Production builds are
 * loaded only by the shell and use its federation runtime; the dev server runs the remote standalone
 * on its own page (src/index.tsx).
 */
export function remoteConfig({ name, port, packageJson, routeData = false }: RemoteOptions): RsbuildConfig {
  if (process.env.STANDALONE_BUILD === '1') return standaloneConfig();
  const production = process.env.NODE_ENV === 'production';
  return defineConfig({
    plugins: [
      pluginReact(),
      pluginModuleFederation(
        {
          name,
          exposes: { './App': './src/export-app.tsx' },
          dts: false,
          // In production the shell provides the runtime (provideExternalRuntime): the remote's entry
          // carries no second copy. The dev server keeps its own, so the remote also runs standalone.
          // `target: 'web'` leaves the runtime's Node.js loading out (the entry: 16.3 -> 14.4 KB gzip).
          experiments: { externalRuntime: production, optimization: { target: 'web' } },
          shared: sharedSingletons(readPackage(packageJson)),
        },
        { environment: 'web' },
      ),
      pluginFederationEsm(),
      pluginPrecompress(),
    ],
    environments: {
      web: {},
      ...(routeData && { 'route-data': routeDataEnvironment() }),
    },
    html: { template: './index.html' },
    // The standalone page is for the dev server; a production build is only ever loaded by the shell.
    tools: { htmlPlugin: !production },
    output: {
      // Chunks are fetched relative to wherever mf-manifest.json was loaded from (another port, or a
      // sub-path such as /remotes/mf-boards/), not from the host's origin.
      assetPrefix: 'auto',
    },
    dev: {
      // Rsbuild 2 compiles dynamic imports on first request in dev; the federation bootstrap's first
      // load then failed ('reading call') until a reload.
      lazyCompilation: false,
      assetPrefix: 'auto',
      // HMR socket of this server, also when the remote's code runs inside the shell's page.
      client: { port, host: 'localhost' },
    },
    server: {
      port,
      strictPort: true,
      // The shell's dev server (another localhost port) loads this remote's manifest and chunks.
      cors: { origin: [/^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/] },
      proxy: devProxy,
    },
  });
}
