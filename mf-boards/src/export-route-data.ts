// Exposed as `mf_boards/route-data`: the first GETs of 'Мои доски' and 'Мои задачи', which the shell
// starts while this remote's code loads (shared-ui/prefetch). Imports nothing shared, so it runs before
// React is there. The paths and queries are the ones the screens' API calls use.
import type { RouteData } from 'shared-ui/prefetch';
import { storedViewSettings } from './features/board-list/view-settings';
import { sortQuery } from './sort-query';

const routeData: RouteData = ({ pathname, get }) => {
  if (pathname === '/') {
    get('/api/board', { sort: sortQuery(storedViewSettings().sort) });
    get('/api/invite');
    get('/api/board/deleted');
  } else if (pathname === '/my-tasks') {
    get('/api/task/mine');
  }
};

export default routeData;
