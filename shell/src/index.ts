// Async boundary: shared modules (react, router, zustand, shared-ui) are negotiated before bootstrap runs.
// Meanwhile the remotes map and the remotes' manifests are already on their way.
import { prefetchRemotes } from './federation/prefetch';

prefetchRemotes();
import('./bootstrap');
