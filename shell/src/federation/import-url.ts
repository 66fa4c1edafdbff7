/**
 * Runs the module at `url` once per page: the browser's module map keys it by its address, so a module
 * index.html's page-start script already imported is not fetched or run again.
 */
export const importUrl = (url: string): Promise<unknown> =>
  import(/* webpackIgnore: true */ /* @vite-ignore */ url);
