import { loadRemoteComponent } from '../federation/load-remote';
import type { RemoteDefinition } from './remote-definition';

/** /login, /register, /reset/... */
export const mfAuth: RemoteDefinition = {
  name: 'mf_auth',
  title: 'Вход и регистрация',
  load: (options) => loadRemoteComponent('mf_auth', 'App', options),
};
