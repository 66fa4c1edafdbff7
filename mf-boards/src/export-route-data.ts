// The first GETs of 'Мои доски' and 'Мои задачи', started by route-data.js (src/route-data.ts) while
// this remote's code loads (shared-ui/prefetch). Built alone, so it imports nothing shared. The paths
// and queries are the ones the screens' API calls use.
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
