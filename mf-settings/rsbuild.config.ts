import { remoteConfig } from 'build-config';

// Every remote's settings are in build-config/src/remote.ts.
export default remoteConfig({
  name: 'mf_settings',
  port: 3005,
  packageJson: new URL('./package.json', import.meta.url),
  routeData: true,
});
