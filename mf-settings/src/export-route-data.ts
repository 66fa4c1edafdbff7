// Exposed as `mf_settings/route-data`: the settings page's first GET beside the user (which the shell
// reads itself), started while this remote's code loads (shared-ui/prefetch). Imports nothing shared.
import type { RouteData } from 'shared-ui/prefetch';

const routeData: RouteData = ({ pathname, get }) => {
  if (pathname === '/settings') get('/api/calendar/token');
};

export default routeData;
