// The board screen's first GET, started by route-data.js (src/route-data.ts) while this remote's code
// loads (shared-ui/prefetch). Built alone, so it imports nothing shared.
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
