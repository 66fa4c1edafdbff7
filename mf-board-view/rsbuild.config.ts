import { remoteConfig } from 'build-config';

// Every remote's settings are in build-config/src/remote.ts.
export default remoteConfig({
  name: 'mf_board_view',
  port: 3004,
  packageJson: new URL('./package.json', import.meta.url),
  routeData: true,
});
