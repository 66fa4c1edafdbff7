// shared-ui/lazy: when to load what a screen does not need at once. Not a shared module of the
// federation, unlike shared-ui's core: these helpers keep no state, so each front end bundles its own
// copy (about a kilobyte), and a remote that uses them does not need a shell deployed after them
// (docs/performance.md "The first visit").
export { useIdleAfterPaint, whenIdle } from './after-paint';
export { IMPORT_RETRY_MS, retryImport } from './retry-import';
