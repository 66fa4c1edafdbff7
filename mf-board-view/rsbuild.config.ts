import { readFileSync } from 'node:fs';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
};
const range = (name: string) => {
  const version = pkg.dependencies[name];
  if (!version) throw new Error(`${name} is not a dependency of mf-board-view`);
  return /^\d/.test(version) ? `^${version}` : version;
};

const production = process.env.NODE_ENV === 'production';
const PORT = 3004;
const API = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'mf_board_view',
      exposes: { './App': './src/export-app.tsx' },
      dts: false,
      // In production the remote runs only inside the shell, which provides the federation runtime
      // (provideExternalRuntime): its entry then carries no second copy. The dev server keeps its own,
      // so the remote also runs standalone.
      experiments: { externalRuntime: production },
      // Must match the shell: one react, router, zustand and shared-ui in the page.
      shared: {
        react: { singleton: true, requiredVersion: range('react') },
        'react-dom': { singleton: true, requiredVersion: range('react-dom') },
        'react-router-dom': { singleton: true, requiredVersion: range('react-router-dom') },
        zustand: { singleton: true, requiredVersion: range('zustand') },
        'shared-ui': { singleton: true, requiredVersion: false },
      },
    }),
  ],
  html: { template: './index.html' },
  // The standalone page is for the dev server; a production build is only ever loaded by the shell.
  tools: { htmlPlugin: !production },
  output: {
    // Chunks are fetched relative to wherever mf-manifest.json was loaded from (another port or a
    // sub-path such as /remotes/mf-board-view/), not from the host's origin.
    assetPrefix: 'auto',
  },
  dev: {
    // Rsbuild 2 compiles dynamic imports on first request in dev; the federation bootstrap's first load
    // then failed ('reading call') until a reload.
    lazyCompilation: false,
    assetPrefix: 'auto',
    // HMR socket of this server, also when the remote's code runs inside the shell's page.
    client: { port: PORT, host: 'localhost' },
  },
  server: {
    port: PORT,
    strictPort: true,
    // The shell's dev server (another localhost port) loads this remote's manifest and chunks.
    cors: { origin: [/^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/] },
    proxy: {
      '/api': { target: API, changeOrigin: true },
      '/socket.io': { target: API, ws: true, changeOrigin: true },
    },
  },
});
