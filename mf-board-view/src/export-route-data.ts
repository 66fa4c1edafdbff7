// Exposed as `mf_board_view/route-data`: the board screen's first GET, which the shell starts while this
// remote's code loads (shared-ui/prefetch). Imports nothing shared, so it runs before React is there.
import type { RouteData } from 'shared-ui/prefetch';
import { boardQuery, parseFilters } from './shared/filters';

const routeData: RouteData = ({ pathname, search, get }) => {
  const boardId = /^\/board\/([^/]+)/.exec(pathname)?.[1];
  if (boardId)
    get(
      `/api/board/${encodeURIComponent(decodeURIComponent(boardId))}`,
      boardQuery(parseFilters(new URLSearchParams(search))),
    );
};

export default routeData;
