// Debian's Chromium as every browser run here starts it (the browser suite, the benches): the path
// (CHROMIUM_PATH to use another) and the flags that keep it quiet, with no sandbox, GPU, background
// traffic, component updates, sync or first-run pages.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
