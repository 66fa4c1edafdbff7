// Built alone as route-data.js beside mf-manifest.json (build-config's `routeData`): the page asks for
// it with the manifest, and it starts this remote's first GETs at once (export-route-data.ts).
import { runRouteData } from 'shared-ui/prefetch';
import routeData from './export-route-data';

runRouteData(routeData);
