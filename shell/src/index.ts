// Async boundary: shared modules (react, router, zustand, shared-ui) are negotiated before bootstrap runs.
// Meanwhile the route's remote and its data are already on their way (federation/first-route.ts).
import { startFirstRoute } from './federation/first-route';

startFirstRoute();
// Named, so index.html preloads it (rsbuild.config.ts's performance.preload).
import(/* webpackChunkName: "app" */ './bootstrap');
