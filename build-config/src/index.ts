// The shell builds its own host configuration with the same plugins.
export { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
export { pluginReact } from '@rsbuild/plugin-react';
export { pluginFederationEsm } from './federation-esm';
export { pluginPrecompress } from './precompress';
export { type RemoteOptions, remoteConfig } from './remote';
export { devProxy, readPackage, sharedSingletons } from './shared';
