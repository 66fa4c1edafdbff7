import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { defineConfig } from '@rsbuild/core';
import {
  devProxy,
  pluginFederationEsm,
  pluginModuleFederation,
  pluginPrecompress,
  pluginReact,
  readPackage,
  sharedSingletons,
} from 'build-config';
import { pageStartScript } from './src/federation/page-start';

const pkg = readPackage(new URL('./package.json', import.meta.url));
const shared = sharedSingletons(pkg);
const sharedUi = readPackage(new URL('../shared-ui/package.json', import.meta.url));

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
      // `target: 'web'`: the runtime without its Node.js loading (the entry: 36.6 -> 34.5 KB gzip).
      experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
      shared: {
        ...shared,
        'react-router-dom': {
          ...shared['react-router-dom'],
          // The used part of the router only (src/shared/router.ts), with the package's version.
          import: './src/shared/router.ts',
          version: pkg.dependencies?.['react-router-dom'],
        },
        'shared-ui/widgets': {
          ...shared['shared-ui/widgets'],
          // The shell itself imports the widgets only in its lazy search box, and a build provides a
          // shared package only when something in it imports that package, or when it is named by its
          // file. Named, they come from the same build as shared-ui's core for every remote, fetched
          // when one first needs them.
          import: createRequire(import.meta.url).resolve('shared-ui/widgets'),
          version: sharedUi.version,
        },
      },
    }),
    pluginFederationEsm(),
    pluginPrecompress(),
  ],
  html: {
    template: './index.html',
    title: 'Канбан',
    // Inline, first in <head>: the theme before the first paint and the route's manifest request
    // (src/federation/page-start.ts). The CSP names it by its hash.
    tags: [{ tag: 'script', children: pageStartScript(), head: true, append: false }],
  },
  output: {
    // The shell is served at the site root.
    assetPrefix: '/',
  },
  performance: {
    // What every first screen waits for sits behind the federation's async boundary: react-dom, react,
    // the router, zustand and the shell's app chunk are fetched only once the entry has run. Preloaded
    // from the HTML, they download with the entry instead (react-dom alone: Lighthouse LCP on the
    // landing page 2.76 -> 2.34 s; the others: a big board interactive about 40 ms sooner). shared-ui,
    // which the entry itself imports, is one initial chunk beside it. Only these: preloading every
    // shell chunk (the bell's socket, the dialogs) made Lighthouse count them all before the first paint
    // (FCP 1.2 -> 2.3 s) for no gain in LCP.
    preload: { type: 'async-chunks', include: [/\/(lib-react-dom|lib-react|lib-router|lib-zustand|app)\./] },
    chunkSplit: {
      strategy: 'split-by-experience',
      forceSplitting: {
        'lib-react-dom': /node_modules[\\/]react-dom[\\/]/,
        'lib-react': /node_modules[\\/]react[\\/]/,
        'lib-router': /node_modules[\\/]react-router(-dom)?[\\/]/,
        'lib-zustand': /node_modules[\\/]zustand[\\/]/,
        // shared-ui's core; its widgets (src/widgets) stay a chunk of their own, fetched on demand.
        'lib-shared-ui': /[\\/]shared-ui[\\/](?!src[\\/]widgets[\\/])/,
      },
    },
  },
  dev: {
    // Rsbuild 2 compiles dynamic imports on first request in dev; the federation bootstrap's first load
    // then failed until a reload.
    lazyCompilation: false,
  },
  server: {
    port: 3001,
    strictPort: true,
    proxy: devProxy,
    setup: ({ server }) => {
      server.middlewares.use(serveRemotesJson);
    },
  },
});
