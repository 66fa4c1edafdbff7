import { loadRemoteComponent } from '../federation/load-remote';
import type { RemoteDefinition } from './remote-definition';

/** /board/:boardId and /board/:boardId/task/:taskNumber; a public link's /p/:token and /p/:token/task/:taskNumber */
export const mfBoardView: RemoteDefinition = {
  name: 'mf_board_view',
  title: 'Доска',
  load: (options) => loadRemoteComponent('mf_board_view', 'App', options),
};
