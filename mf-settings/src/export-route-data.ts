// The settings page's first GET beside the user (which the shell reads itself), started by
// route-data.js (src/route-data.ts) while this remote's code loads (shared-ui/prefetch). Built alone.
import type { RouteData } from 'shared-ui/prefetch';

const routeData: RouteData = ({ pathname, get }) => {
  if (pathname === '/settings') get('/api/calendar/token');
};

export default routeData;
