import { existsSync } from 'node:fs';
import type { RsbuildPlugin } from '@rsbuild/core';

/** A CommonJS file of a Module Federation package: `.../@module-federation/<package>/dist/....cjs`. */
const FEDERATION_CJS = /[\\/]@module-federation[\\/][^\\/]+[\\/]dist[\\/].+\.cjs$/;

/** The ES module twin every @module-federation package ships beside its `.cjs` files. */
function esmTwin(path: string): string {
  const twin = path.replace(/\.cjs$/, '.js');
  return existsSync(twin) ? twin : path;
}

/**
 * Bundles the federation runtime from its ES modules. Rspack's ModuleFederationPlugin imports the
 * runtime by the absolute path `require.resolve` gives, which is the CommonJS build; from there on every
 * package of the runtime is CommonJS too, so nothing of it is tree-shaken and the `optimization` flags
 * (`target: 'web'`) can only drop code inside functions. The same files as ES modules let the build drop
 * what the browser never runs: the shell's entry 34.5 -> 29.1 KB gzip (docs/decisions.md "The first
 * visit").
 */
export function pluginFederationEsm(): RsbuildPlugin {
  return {
    name: 'kanban:federation-esm',
    setup(api) {
      api.modifyRspackConfig((config, { rspack }) => {
        config.plugins.push(
          new rspack.NormalModuleReplacementPlugin(FEDERATION_CJS, (data) => {
            // Before resolving: an absolute request (the plugin's own import of the runtime).
            if (FEDERATION_CJS.test(data.request)) data.request = esmTwin(data.request);
            // After resolving: a bare request the plugin aliased to the CommonJS file.
            const created = data.createData;
            if (created?.resource && FEDERATION_CJS.test(created.resource)) {
              created.resource = esmTwin(created.resource);
            }
          }),
        );
      });
    },
  };
}
