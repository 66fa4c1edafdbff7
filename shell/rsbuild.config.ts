import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
};
const range = (name: string) => {
  const version = pkg.dependencies[name];
  if (!version) throw new Error(`${name} is not a dependency of the shell`);
  return /^\d/.test(version) ? `^${version}` : version;
};

const API = 'http://127.0.0.1:3000';

/** Remote dev servers. Only those that answer are listed, so the shell also runs alone. */
const DEV_REMOTES: Record<string, string> = {
  mf_auth: 'http://localhost:3002/mf-manifest.json',
  mf_boards: 'http://localhost:3003/mf-manifest.json',
  mf_board_view: 'http://localhost:3004/mf-manifest.json',
  mf_settings: 'http://localhost:3005/mf-manifest.json',
};

async function devRemotesMap(): Promise<Record<string, string>> {
  const entries = await Promise.all(
    Object.entries(DEV_REMOTES).map(async ([name, url]) => {
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(1500) });
        return response.ok ? ([name, url] as const) : null;
      } catch {
        return null;
      }
    }),
  );
  return Object.fromEntries(entries.filter((entry) => entry !== null));
}

function serveRemotesJson(req: IncomingMessage, res: ServerResponse, next: () => void) {
  if (req.method !== 'GET' || req.url?.split('?')[0] !== '/remotes.json') return next();
  devRemotesMap().then((map) => {
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.end(JSON.stringify(map));
  }, next);
}

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'shell',
      // No remotes at build time: they come from /remotes.json at run time (src/federation).
      remotes: {},
      dts: false,
      // Production remotes are built with externalRuntime and use this runtime instead of their own.
      experiments: { provideExternalRuntime: true },
      shared: {
        react: { singleton: true, requiredVersion: range('react') },
        'react-dom': { singleton: true, requiredVersion: range('react-dom') },
        'react-router-dom': {
          singleton: true,
          requiredVersion: range('react-router-dom'),
          // The used part of the router only (src/shared/router.ts), with the package's version.
          import: './src/shared/router.ts',
          version: pkg.dependencies['react-router-dom'],
        },
        zustand: { singleton: true, requiredVersion: range('zustand') },
        // Workspace package consumed from source: one instance, whatever its version.
        'shared-ui': { singleton: true, requiredVersion: false },
      },
    }),
  ],
  html: {
    template: './index.html',
    title: 'Канбан',
  },
  output: {
    // The shell is served at the site root.
    assetPrefix: '/',
  },
  dev: {
    // Rsbuild 2 compiles dynamic imports on first request in dev; the federation bootstrap's first load
    // then failed until a reload.
    lazyCompilation: false,
  },
  server: {
    port: 3001,
    strictPort: true,
    proxy: {
      '/api': { target: API, changeOrigin: true },
      '/socket.io': { target: API, ws: true, changeOrigin: true },
    },
    setup: ({ server }) => {
      server.middlewares.use(serveRemotesJson);
    },
  },
});
