import { loadRemoteComponent } from '../federation/load-remote';
import type { RemoteDefinition } from './remote-definition';

/** /settings */
export const mfSettings: RemoteDefinition = {
  name: 'mf_settings',
  title: 'Настройки',
  load: (options) => loadRemoteComponent('mf_settings', 'App', options),
};
