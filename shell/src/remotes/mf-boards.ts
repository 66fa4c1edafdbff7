import { loadRemoteComponent } from '../federation/load-remote';
import type { RemoteDefinition } from './remote-definition';

/** / (landing for visitors, 'Мои доски' for users) and /my-tasks ('Мои задачи'). */
export const mfBoards: RemoteDefinition = {
  name: 'mf_boards',
  title: 'Мои доски',
  load: (options) => loadRemoteComponent('mf_boards', 'App', options),
};
