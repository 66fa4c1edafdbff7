/**
 * `bench coldload`: the first visit of `/` by a signed-in user, through the production topology of
 * `pnpm stack` (nginx in front of two API instances and one static nginx per front-end, sending the
 * builds' brotli or gzip copies),
 * in Chromium. Run `pnpm -r run build` first: it serves the workspace's builds.
 *
 * Each of RUNS runs (after one unmeasured warm-up) opens `/` in a fresh browser context with the HTTP
 * cache disabled (Network.setCacheDisabled), signed in by the token in localStorage, and records every
 * request: its start time (ms after navigation start), the bytes on the wire for its body (compressed as
 * sent: brotli where the browser and nginx have it, else gzip), and
 * which front-end it belongs to (`/remotes/<name>/...` to that remote, `/api` and `/socket.io` to the
 * API, the rest to the shell). "Board list" is performance.now() when the first board link shows.
 * Then one cold load each of /board/{id}, /settings and /login (signed out) gives the JS the other
 * remotes need for their first screen.
 *
 * BENCH_COLDLOAD_RUNS sets the runs (default 5); BENCH_COLDLOAD_LATENCY adds a round-trip latency in ms
 * (Chromium's network emulation, 20/5 Mbit/s) to see the waterfall as a distant user would.
 *
 * BENCH_COLDLOAD_ACCEPT_ENCODING (e.g. `gzip`) replaces the browser's Accept-Encoding, to compare.
 *
 * Targets: the shell's first-load JS under 120 KB (React, the router, the federation runtime and
 * shared-ui included); each remote's first-screen JS under 40 KB; a remote's manifest, entry and
 * first chunks requested as soon as what they depend on arrives (the waterfall below shows the start
 * times). First-load and first-screen bytes count the requests that started before the screen was
 * shown; what is fetched afterwards (the board's modals, preloaded while idle) is printed apart.
 */
import type { Browser, Page } from '@playwright/test';
import type { Stack } from '../../scripts/lib/stack.mjs';
import { withStack } from './lib.js';
import { launchChromium } from './processes.js';

// The probes run in Chromium; the api project has no DOM types.
declare const document: { querySelector(selector: string): unknown };
declare const window: { __shownAt?: number };
declare const MutationObserver: new (
  callback: () => void,
) => { observe(target: unknown, options: object): void; disconnect(): void };

/** Installed before any script of the page: notes performance.now() when `selector` first matches. */
function shownProbe(selector: string) {
  const observer = new MutationObserver(() => {
    if (document.querySelector(selector) === null) return;
    window.__shownAt = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
}

const RUNS = Number(process.env.BENCH_COLDLOAD_RUNS ?? 5);
const PORT = Number(process.env.BENCH_STACK_PORT ?? 4380);
/** Optional round-trip latency (ms) added by Chromium's network emulation, with 20/5 Mbit/s. */
const LATENCY_MS = Number(process.env.BENCH_COLDLOAD_LATENCY ?? 0);
/** Replaces the browser's Accept-Encoding (e.g. `gzip`), to compare encodings. */
const ACCEPT_ENCODING = process.env.BENCH_COLDLOAD_ACCEPT_ENCODING;
const BOARDS = 12;
const SHELL_TARGET_KB = 120;
const REMOTE_TARGET_KB = 40;

interface Entry {
  url: string;
  path: string;
  owner: string;
  type: string;
  /** ms after navigation start */
  start: number;
  end: number;
  bytes: number;
  /** Content-Encoding as sent ('' for none). */
  encoding: string;
}

interface Load {
  entries: Entry[];
  /** ms after navigation start when the awaited element showed */
  shown: number;
}

function ownerOf(path: string): string {
  const remote = /^\/remotes\/([^/]+)\//.exec(path);
  if (remote) return remote[1] as string;
  if (path.startsWith('/api/') || path.startsWith('/socket.io/')) return 'api';
  return 'shell';
}

async function coldLoad(browser: Browser, stack: Stack, path: string, token: string | null, waitFor: string) {
  const context = await browser.newContext({
    baseURL: stack.url,
    viewport: { width: 1280, height: 720 },
    ...(ACCEPT_ENCODING && { extraHTTPHeaders: { 'accept-encoding': ACCEPT_ENCODING } }),
  });
  if (token) await context.addInitScript(`localStorage.setItem('token', ${JSON.stringify(token)})`);
  const page: Page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (LATENCY_MS > 0) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: LATENCY_MS,
      downloadThroughput: (20 * 1024 * 1024) / 8,
      uploadThroughput: (5 * 1024 * 1024) / 8,
    });
  }

  const pending: Promise<Entry | null>[] = [];
  page.on('requestfinished', (request) => {
    pending.push(
      Promise.all([
        request.sizes(),
        request.response().then((response) => response?.headerValue('content-encoding')),
      ]).then(
        ([sizes, encoding]) => {
          const url = new URL(request.url());
          const timing = request.timing();
          return {
            url: request.url(),
            path: url.pathname,
            owner: ownerOf(url.pathname),
            type: request.resourceType(),
            start: timing.startTime,
            end: timing.startTime + timing.responseEnd,
            bytes: sizes.responseBodySize,
            encoding: encoding ?? '',
          };
        },
        () => null,
      ),
    );
  });
  // The moment the awaited element is first in the page, noted by the page itself: a poll from here
  // notices it a task or more later, when the page may already have asked for what follows its paint.
  await context.addInitScript(shownProbe, waitFor);
  await page.goto(path, { waitUntil: 'commit' });
  // A function, not a string: the site's CSP (script-src 'self') refuses string evaluation.
  const shownHandle = await page.waitForFunction(() => window.__shownAt, null, { timeout: 30_000 });
  const shown = (await shownHandle.jsonValue()) as number;
  await page.waitForLoadState('networkidle');
  const origin = await page.evaluate(() => performance.timeOrigin);
  const entries = (await Promise.all(pending))
    .filter((entry): entry is Entry => entry !== null)
    .map((entry) => ({ ...entry, start: entry.start - origin, end: entry.end - origin }))
    .sort((a, b) => a.start - b.start);
  await context.close();
  return { entries, shown } satisfies Load;
}

const REMOTE_NAMES = ['mf-auth', 'mf-boards', 'mf-board-view', 'mf-settings'];
/** A remote's entry script (`static/js/mf_boards.<hash>.js`): the federation runtime and its init. */
const isEntry = (e: Entry) => /\/static\/js\/mf_[a-z_]+\.[0-9a-f]+\.js$/.test(e.path);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const jsBytes = (entries: Entry[], owner: string) =>
  entries.filter((e) => e.owner === owner && e.path.endsWith('.js')).reduce((sum, e) => sum + e.bytes, 0);
/** The requests that started before the awaited element was in the page. */
const beforeShown = (load: Load) => load.entries.filter((e) => e.start <= load.shown);
const entryBytes = (entries: Entry[], owner: string) =>
  entries.filter((e) => e.owner === owner && isEntry(e)).reduce((sum, e) => sum + e.bytes, 0);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

function waterfall(load: Load) {
  for (const entry of load.entries) {
    if (entry.path.startsWith('/socket.io/')) continue;
    const name = entry.path.length > 64 ? `…${entry.path.slice(-63)}` : entry.path;
    console.log(
      `  ${entry.start.toFixed(0).padStart(5)} → ${entry.end.toFixed(0).padStart(5)} ms  ${kb(entry.bytes).padStart(9)}  ${name}`,
    );
  }
}

async function post(stack: Stack, path: string, body: unknown, token?: string) {
  const response = await fetch(`${stack.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
  return response.json() as Promise<unknown>;
}

export async function coldloadBench(): Promise<boolean> {
  let browser: Browser | null = null;
  return withStack('coldload', PORT, async (stack) => {
    try {
      const { token } = (await post(stack, '/api/auth/register', {
        name: 'Холодный Старт',
        email: 'coldload@example.com',
        password: 'bench-password',
        password2: 'bench-password',
      })) as { token: string };
      let boardId = 0;
      for (let i = 1; i <= BOARDS; i += 1) {
        const boards = (await post(stack, '/api/board', { name: `Доска ${i}` }, token)) as { id: number }[];
        boardId = Math.max(boardId, ...boards.map((board) => board.id));
      }

      browser = await launchChromium();
      const boardLink = 'a[href^="/board/"]';
      await coldLoad(browser, stack, '/', token, boardLink); // warm-up: server side only
      const loads: Load[] = [];
      for (let run = 0; run < RUNS; run += 1)
        loads.push(await coldLoad(browser, stack, '/', token, boardLink));

      const first = loads[0] as Load;
      const owners = [...new Set(first.entries.map((e) => e.owner))];
      const at = (load: Load, test: (e: Entry) => boolean) => load.entries.find(test)?.start ?? Number.NaN;
      const milestone = (title: string, test: (e: Entry) => boolean) =>
        console.log(
          `  ${title.padEnd(38)} ${median(loads.map((l) => at(l, test)))
            .toFixed(0)
            .padStart(5)} ms`,
        );
      const encodings = new Set(
        first.entries.filter((e) => e.path.endsWith('.js')).map((e) => e.encoding || 'none'),
      );
      const latency = LATENCY_MS > 0 ? `, ${LATENCY_MS} ms latency` : '';
      console.log(
        `cold load of / (signed in, ${BOARDS} boards), ${RUNS} runs, cache disabled, JS sent as ${[...encodings].join(' + ')}${latency}:`,
      );
      console.log(
        `  time to the board list: p50 ${median(loads.map((l) => l.shown)).toFixed(0)} ms (runs ${loads.map((l) => l.shown.toFixed(0)).join(', ')})`,
      );
      console.log(`  requests: ${median(loads.map((l) => l.entries.length))} (p50)`);
      for (const owner of owners) {
        const entries = first.entries.filter((e) => e.owner === owner);
        console.log(
          `  ${owner.padEnd(14)} ${String(entries.length).padStart(3)} requests, JS ${kb(jsBytes(first.entries, owner)).padStart(9)}, all ${kb(entries.reduce((sum, e) => sum + e.bytes, 0))}`,
        );
      }
      console.log('  request start times, p50 over the runs (ms after navigation start):');
      milestone('shell entry script', (e) => e.owner === 'shell' && /\/static\/js\/index\./.test(e.path));
      milestone('/remotes.json', (e) => e.path === '/remotes.json');
      for (const remote of REMOTE_NAMES)
        milestone(`${remote} manifest`, (e) => e.path === `/remotes/${remote}/mf-manifest.json`);
      milestone('mf-boards entry (federation runtime)', (e) => e.owner === 'mf-boards' && isEntry(e));
      milestone(
        'mf-boards first code chunk',
        (e) => e.owner === 'mf-boards' && /\/async\/.*\.js$/.test(e.path),
      );
      milestone('GET /api/auth/user', (e) => e.path === '/api/auth/user');
      milestone('GET /api/board', (e) => e.path === '/api/board');
      console.log(
        `  board list shown ${' '.repeat(25)} ${median(loads.map((l) => l.shown))
          .toFixed(0)
          .padStart(5)} ms`,
      );
      console.log('  waterfall of the first run (start → end, body as sent, path):');
      waterfall(first);

      // The other remotes' first screens.
      const others: [string, string, string | null, string][] = [
        ['mf-board-view', `/board/${boardId}`, token, 'section[data-column-id]'],
        ['mf-settings', '/settings', token, 'h1'],
        ['mf-auth', '/login', null, 'input[type="password"]'],
      ];
      const remoteJs: Record<string, number> = { 'mf-boards': jsBytes(beforeShown(first), 'mf-boards') };
      const entries: Record<string, number> = { 'mf-boards': entryBytes(first.entries, 'mf-boards') };
      for (const [remote, path, user, selector] of others) {
        const load = await coldLoad(browser, stack, path, user, selector);
        remoteJs[remote] = jsBytes(beforeShown(load), remote);
        entries[remote] = entryBytes(load.entries, remote);
        const later = jsBytes(load.entries, remote) - (remoteJs[remote] as number);
        console.log(
          `cold load of ${path}: ${load.entries.length} requests, shown at ${load.shown.toFixed(0)} ms, ${remote} JS ${kb(remoteJs[remote] as number)} (entry ${kb(entries[remote] as number)})${later > 0 ? `, then ${kb(later)} fetched after it was shown` : ''}`,
        );
      }

      const shellJs = jsBytes(beforeShown(first), 'shell');
      let met = shellJs < SHELL_TARGET_KB * 1024;
      console.log(
        `shell first-load JS ${kb(shellJs)} (target < ${SHELL_TARGET_KB} KB): ${met ? 'met' : 'MISSED'}`,
      );
      for (const [remote, bytes] of Object.entries(remoteJs)) {
        const ok = bytes < REMOTE_TARGET_KB * 1024;
        met &&= ok;
        const entry = entries[remote] ?? 0;
        console.log(
          `${remote} first-screen JS ${kb(bytes)} = entry ${kb(entry)} + code ${kb(bytes - entry)} (target < ${REMOTE_TARGET_KB} KB): ${ok ? 'met' : 'MISSED'}`,
        );
      }
      return met;
    } finally {
      await browser?.close();
    }
  });
}
