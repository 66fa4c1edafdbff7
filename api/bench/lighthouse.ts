/**
 * `bench lighthouse`: Lighthouse 12 (mobile preset, simulated throttling: a mid-range phone on slow 4G)
 * on the four first screens, through the production topology of `pnpm stack` (nginx in front of two
 * API instances and one static nginx per front-end, gzip on): `/` signed out (the landing page),
 * `/login`, `/` signed in (the board list) and `/board/{id}` (4 columns, 30 cards with labels). Run
 * `pnpm -r run build` first: it serves the workspace's builds.
 *
 * The signed-in user has 12 boards, one deleted board ('Недавно удалённые') and one pending
 * invitation from a second user ('Приглашения'), so that both late sections of the board list are
 * there to shift it. Chromium is launched the way the Lighthouse CLI does it (chrome-launcher, here
 * Debian's /usr/bin/chromium); before each run a page of the same profile opens the site's origin and
 * sets or removes `localStorage.token`. Lighthouse's storage reset clears the HTTP cache and service
 * workers but not localStorage (its default `clearStorageTypes`), so every run is a cold load, signed
 * in or out as wanted. After each run the page (left on the audited URL) is checked for what the
 * screen must show, so that a signed-in run redirected to /login does not pass for the board list.
 *
 * BENCH_LIGHTHOUSE_RUNS sets the runs per page (default 3); the figures are medians over them.
 * BENCH_LIGHTHOUSE_REPORTS=<folder> keeps every run's report there (HTML to open, JSON).
 * Targets (issue 15): performance score >= 95, LCP <= 2.5 s, CLS 0, accessibility 100; FCP, TBT and
 * Speed Index beside Lighthouse's own "good" limits for mobile. Each page also prints its LCP element,
 * the failed accessibility audits and the elements that shifted, if any, Lighthouse's longest
 * critical chain and the loading chain the LCP waited for (waitChain).
 */
import { realpathSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import lighthouse, { type Flags, generateReport, type Result } from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';
import type { Stack } from '../../scripts/lib/stack.mjs';
import { withStack } from './lib.js';

// The probes run in Chromium; the api project has no DOM types.
declare const document: { querySelector(selector: string): unknown };
declare const localStorage: { setItem(key: string, value: string): void; removeItem(key: string): void };

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const PORT = Number(process.env.BENCH_STACK_PORT ?? 4480);
/** When set, each run's report is written there as HTML and JSON. */
const REPORT_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS;
const BOARDS = 12;
const COLUMNS = ['Бэклог', 'В работе', 'На проверке', 'Готово'];
const CARDS = 30;
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

// chrome-launcher and puppeteer-core are Lighthouse's own dependencies, not the api's: resolved from
// Lighthouse's folder, typed here by the little this bench uses.
interface LaunchedChrome {
  port: number;
  kill(): Promise<void> | void;
}
interface ProbePage {
  goto(url: string): Promise<unknown>;
  evaluate<A, R>(probe: (arg: A) => R, arg: A): Promise<R>;
  close(): Promise<void>;
}
interface ProbeBrowser {
  newPage(): Promise<ProbePage>;
  disconnect(): Promise<void>;
}
const fromLighthouse = createRequire(realpathSync(createRequire(import.meta.url).resolve('lighthouse')));
const load = (name: string) => import(pathToFileURL(fromLighthouse.resolve(name)).href);

interface Target {
  title: string;
  path: string;
  signedIn: boolean;
  /** What the final screen must contain: a CSS selector. */
  shows: string;
}

interface Run {
  performance: number;
  accessibility: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  lcpElement: string;
  failedA11y: string[];
  chain: string[];
  chainMs: number;
  /** The requests the LCP waited for, one after another (observed times): see waitChain. */
  loading: string[];
  /** 'layout-shifts': the element that moved and its score. */
  shifts: string[];
  benchmarkIndex: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

async function api(stack: Stack, method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${stack.url}${path}`, {
    method,
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${await response.text()}`);
  return response.json() as Promise<unknown>;
}

async function register(stack: Stack, name: string, email: string) {
  const password = 'bench-password';
  const { token } = (await api(stack, 'POST', '/api/auth/register', {
    name,
    email,
    password,
    password2: password,
  })) as { token: string };
  return token;
}

/** The user's boards, one of them full (columns, labelled cards), a deleted one and an invitation. */
async function seed(stack: Stack) {
  const token = await register(stack, 'Маяк Лайтхаусов', 'lighthouse@example.com');
  const palette = ['#1e3a8a', '#f4f5f7', '#15803d', '#b45309', '#7c3aed', '#be123c'];
  let boardId = 0;
  for (let i = 1; i <= BOARDS; i += 1) {
    const boards = (await api(
      stack,
      'POST',
      '/api/board',
      { name: `Доска ${i}`, color: palette[i % palette.length] },
      token,
    )) as { id: number }[];
    boardId = Math.max(boardId, ...boards.map((board) => board.id));
  }
  const labels: number[] = [];
  for (const [title, color] of [
    ['Срочно', '#be123c'],
    ['Дизайн', '#7c3aed'],
    ['Бэкенд', '#15803d'],
  ] as const) {
    labels.push(
      ((await api(stack, 'POST', `/api/label/${boardId}`, { title, color }, token)) as { id: number }).id,
    );
  }
  const columns: string[] = [];
  for (const name of COLUMNS)
    columns.push(((await api(stack, 'POST', '/api/column', { boardId, name }, token)) as { id: string }).id);
  for (let i = 0; i < CARDS; i += 1) {
    await api(
      stack,
      'POST',
      '/api/task/create',
      {
        boardId,
        title: `Задача ${i + 1}: проверить, что карточка с длинным названием переносится`,
        columnId: columns[i % columns.length],
        labels: labels.filter((_, index) => (i + index) % 3 !== 0),
      },
      token,
    );
  }

  const deleted = (await api(stack, 'POST', '/api/board', { name: 'Старый проект' }, token)) as {
    id: number;
  }[];
  await api(stack, 'DELETE', `/api/board/${Math.max(...deleted.map((board) => board.id))}`, undefined, token);

  const other = await register(stack, 'Приглашающий Коллега', 'inviter@example.com');
  const shared = (await api(stack, 'POST', '/api/board', { name: 'Общий проект' }, other)) as {
    id: number;
  }[];
  await api(
    stack,
    'POST',
    '/api/invite/send',
    { boardId: (shared[0] as { id: number }).id, email: 'lighthouse@example.com' },
    other,
  );
  return { token, boardId };
}

type Details = Record<string, unknown> | undefined;

/** The first `node` in an audit's details (a table, or a list of tables in Lighthouse 12). */
function firstNode(details: unknown): { nodeLabel?: string; snippet?: string; selector?: string } | null {
  if (!details || typeof details !== 'object') return null;
  if ('node' in details && details.node && typeof details.node === 'object') return details.node as never;
  for (const value of Object.values(details)) {
    const found = Array.isArray(value)
      ? value.map(firstNode).find((node) => node !== null)
      : typeof value === 'object'
        ? firstNode(value)
        : null;
    if (found) return found;
  }
  return null;
}

interface ChainNode {
  request: { url: string; startTime: number; endTime: number; transferSize?: number };
  children?: Record<string, ChainNode>;
}

const shortPath = (href: string) => {
  const url = new URL(href);
  const path = url.pathname + url.search;
  return path.length > 72 ? `…${path.slice(-71)}` : path;
};

/** Lighthouse's longest chain ('network-dependency-tree-insight', else 'critical-request-chains'). */
function criticalChain(lhr: Result): { steps: string[]; ms: number } {
  const chainsOf = (details: Details): Record<string, unknown> | null => {
    if (!details) return null;
    if (details.chains) return details.chains as Record<string, unknown>;
    for (const item of [...((details.items as Details[] | undefined) ?? []), details.value as Details]) {
      const chains = chainsOf(item);
      if (chains) return chains;
    }
    return null;
  };
  const insight = chainsOf(lhr.audits['network-dependency-tree-insight']?.details as Details);
  const steps: string[] = [];
  let ms = 0;
  if (insight) {
    // { url, navStartToEndTime (ms), transferSize, isLongest, children }
    type Insight = {
      url: string;
      navStartToEndTime: number;
      transferSize: number;
      isLongest?: boolean;
      children?: Record<string, Insight>;
    };
    let level = Object.values(insight as Record<string, Insight>);
    for (let node = level.find((n) => n.isLongest) ?? level[0]; node; node = level.find((n) => n.isLongest)) {
      steps.push(
        `${node.navStartToEndTime.toFixed(0).padStart(5)} ms ${kb(node.transferSize).padStart(9)}  ${shortPath(node.url)}`,
      );
      ms = node.navStartToEndTime;
      level = Object.values(node.children ?? {});
    }
    return { steps, ms };
  }
  const chains = chainsOf(lhr.audits['critical-request-chains']?.details as Details) as Record<
    string,
    ChainNode
  > | null;
  let best: ChainNode[] = [];
  const end = (chain: ChainNode[]) => chain.at(-1)?.request.endTime ?? 0;
  const walk = (node: ChainNode, path: ChainNode[]) => {
    const here = [...path, node];
    if (end(here) > end(best)) best = here;
    for (const child of Object.values(node.children ?? {})) walk(child, here);
  };
  for (const root of Object.values(chains ?? {})) walk(root, []);
  const start = best[0]?.request.startTime ?? 0;
  for (const node of best)
    steps.push(
      `${((node.request.endTime - start) * 1000).toFixed(0).padStart(5)} ms ${kb(node.request.transferSize ?? 0).padStart(9)}  ${shortPath(node.request.url)}`,
    );
  return { steps, ms: (end(best) - start) * 1000 };
}

interface DevtoolsEvent {
  method: string;
  params: {
    requestId?: string;
    timestamp?: number;
    request?: { url: string };
    encodedDataLength?: number;
  };
}

/**
 * The loading chain as it happened (observed, unthrottled times from the DevTools log), which
 * Lighthouse's chains only partly show: they keep high-priority requests, and the federation runtime
 * fetches manifests and loads scripts itself, so initiators do not tell what waited for what.
 * Each step is a round trip the simulated slow 4G pays in turn.
 */
function waitChain(lhr: Result, log: DevtoolsEvent[]): string[] {
  interface Request {
    url: string;
    start: number;
    end: number;
    bytes: number;
  }
  const byId = new Map<string, Request>();
  for (const { method, params } of log) {
    const id = params.requestId;
    if (!id) continue;
    if (method === 'Network.requestWillBeSent' && params.request && !byId.has(id)) {
      byId.set(id, {
        url: params.request.url,
        start: (params.timestamp ?? 0) * 1e6,
        end: Number.POSITIVE_INFINITY,
        bytes: 0,
      });
    }
    const request = byId.get(id);
    if (method === 'Network.loadingFinished' && request) {
      request.end = (params.timestamp ?? 0) * 1e6;
      request.bytes = params.encodedDataLength ?? 0;
    }
  }
  const metrics = (lhr.audits.metrics?.details as Details)?.items as Record<string, number>[] | undefined;
  const navStart = metrics?.[0]?.observedNavigationStartTs ?? 0;
  const lcp = metrics?.[0]?.observedLargestContentfulPaintTs ?? Number.POSITIVE_INFINITY;
  // Walk back from the last code request (document, script, style, manifest) that ended before the
  // LCP: each step to the code request that ended last before this one was sent (what it waited for),
  // with the gap between them (mostly script run time). API answers are listed apart.
  const before = [...byId.values()].filter(
    (request) => request.end <= lcp && !/^(data|blob):|\/favicon\.|\/socket\.io\//.test(request.url),
  );
  const isApi = (request: Request) => new URL(request.url).pathname.startsWith('/api/');
  const code = before.filter((request) => !isApi(request));
  const latest = (candidates: Request[]) =>
    candidates.reduce<Request | null>(
      (best, request) => (best && best.end >= request.end ? best : request),
      null,
    );
  const chain: Request[] = [];
  for (let at = latest(code); at && chain.length < 30; ) {
    chain.unshift(at);
    const sent = at.start;
    at = latest(code.filter((request) => request.start < sent && request.end <= sent + 1000));
  }
  const ms = (ts: number) => ((ts - navStart) / 1000).toFixed(0).padStart(5);
  const line = (request: Request) =>
    `${ms(request.start)} → ${ms(request.end)} ms ${kb(request.bytes).padStart(9)}  ${shortPath(request.url)}`;
  return [
    ...chain.map(
      (request, index) =>
        line(request) +
        (index > 0
          ? `  (sent ${Math.max(0, (request.start - (chain[index - 1] as Request).end) / 1000).toFixed(0)} ms after the one above)`
          : ''),
    ),
    ...before.filter(isApi).map((request) => `${line(request)}  (API)`),
    `${ms(lcp)} ms LCP`,
  ];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function summarize(lhr: Result, log: DevtoolsEvent[]): Run {
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const node = firstNode(lhr.audits['largest-contentful-paint-element']?.details);
  const failedA11y = (lhr.categories.accessibility?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1)
    .map((audit) => `${audit?.id}: ${audit?.title}`);
  const chain = criticalChain(lhr);
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcp: value('largest-contentful-paint'),
    fcp: value('first-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    speedIndex: value('speed-index'),
    lcpElement: node ? `${node.nodeLabel ?? ''} (${node.selector ?? node.snippet ?? ''})` : 'none',
    failedA11y,
    chain: chain.steps,
    chainMs: chain.ms,
    loading: waitChain(lhr, log),
    shifts: (((lhr.audits['layout-shifts']?.details as Details)?.items as Details[] | undefined) ?? []).map(
      (item) =>
        `${(item?.node as { selector?: string } | undefined)?.selector ?? '?'} ${Number(item?.score).toFixed(3)}`,
    ),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

export async function lighthouseBench(): Promise<boolean> {
  let chrome: LaunchedChrome | null = null;
  let browser: ProbeBrowser | null = null;
  return withStack('lighthouse', PORT, async (stack) => {
    try {
      const { token, boardId } = await seed(stack);
      if (REPORT_DIR) await mkdir(REPORT_DIR, { recursive: true });

      const chromeLauncher = await load('chrome-launcher');
      const puppeteer = (await load('puppeteer-core')).default;
      chrome = (await chromeLauncher.launch({
        chromePath: CHROMIUM_PATH,
        chromeFlags: CHROME_FLAGS,
      })) as LaunchedChrome;
      browser = (await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` })) as ProbeBrowser;

      const targets: Target[] = [
        { title: '/ signed out (landing)', path: '/', signedIn: false, shows: '.landing-hero h1' },
        { title: '/login', path: '/login', signedIn: false, shows: 'input[type="password"]' },
        { title: '/ signed in (board list)', path: '/', signedIn: true, shows: 'a[href^="/board/"]' },
        {
          title: `/board/${boardId}`,
          path: `/board/${boardId}`,
          signedIn: true,
          shows: 'section[data-column-id]',
        },
      ];
      const flags: Flags = {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      };

      let met = true;
      const check = (ok: boolean) => {
        met &&= ok;
        return ok ? 'met' : 'MISSED';
      };
      console.log(
        `Lighthouse ${lighthouseVersion()} mobile (simulated throttling), ${RUNS} runs per page, medians:`,
      );
      for (const target of targets) {
        const runs: Run[] = [];
        for (let run = 0; run < RUNS; run += 1) {
          const page = await browser.newPage();
          // Any document of the origin will do to reach its localStorage; the favicon is the smallest.
          await page.goto(`${stack.url}/favicon.svg`);
          await page.evaluate(
            (value) => (value ? localStorage.setItem('token', value) : localStorage.removeItem('token')),
            target.signedIn ? token : null,
          );
          const url = `${stack.url}${target.path}`;
          const result = await lighthouse(url, flags, undefined, page as never);
          if (!result) throw new Error(`${target.title}: Lighthouse returned nothing`);
          const { lhr } = result;
          if (lhr.runtimeError) throw new Error(`${target.title}: ${lhr.runtimeError.message}`);
          const landed = new URL(lhr.finalDisplayedUrl).pathname;
          const shown = await page.evaluate(
            (selector) => document.querySelector(selector) !== null,
            target.shows,
          );
          if (landed !== target.path || !shown)
            throw new Error(
              `${target.title}: the audited page ended at ${landed} without ${target.shows}: not the screen meant`,
            );
          runs.push(
            summarize(
              lhr,
              (result.artifacts as unknown as { DevtoolsLog: DevtoolsEvent[] }).DevtoolsLog ?? [],
            ),
          );
          if (REPORT_DIR) {
            const name = `${target.title.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}-${run + 1}`;
            await writeFile(join(REPORT_DIR, `${name}.html`), generateReport(lhr, 'html'));
            await writeFile(join(REPORT_DIR, `${name}.json`), JSON.stringify(lhr));
          }
          await page.close();
        }

        const m = (key: keyof Run) => median(runs.map((run) => run[key] as number));
        const lcp = m('lcp');
        const last = runs.at(-1) as Run;
        console.log(
          `${target.title} (CPU benchmark index ${median(runs.map((run) => run.benchmarkIndex)).toFixed(0)})`,
        );
        const line = (name: string, value: string, target: string, ok: boolean) =>
          console.log(`  ${name.padEnd(16)} ${value.padStart(9)}   target ${target.padEnd(9)} ${check(ok)}`);
        line('performance', String(m('performance')), '>= 95', m('performance') >= 95);
        line('LCP', `${(lcp / 1000).toFixed(2)} s`, '<= 2.5 s', lcp <= 2500);
        line('FCP', `${(m('fcp') / 1000).toFixed(2)} s`, '<= 1.8 s', m('fcp') <= 1800);
        line('TBT', `${m('tbt').toFixed(0)} ms`, '<= 200 ms', m('tbt') <= 200);
        line('CLS', m('cls').toFixed(3), '0', m('cls') < 0.0005);
        line('Speed Index', `${(m('speedIndex') / 1000).toFixed(2)} s`, '<= 3.4 s', m('speedIndex') <= 3400);
        line('accessibility', String(m('accessibility')), '100', m('accessibility') === 100);
        console.log(
          `  runs: performance ${runs.map((run) => run.performance).join(', ')}, LCP ${runs.map((run) => (run.lcp / 1000).toFixed(2)).join(', ')} s, CLS ${runs.map((run) => run.cls.toFixed(3)).join(', ')}`,
        );
        const elements = [...new Set(runs.map((run) => run.lcpElement))];
        console.log(`  LCP element: ${elements.join(' | ')}`);
        for (const audit of new Set(runs.flatMap((run) => run.failedA11y)))
          console.log(`  accessibility failed: ${audit}`);
        for (const shift of new Set(runs.flatMap((run) => run.shifts)))
          console.log(`  layout shift: ${shift}`);
        console.log(
          `  Lighthouse's longest critical chain (last run, ${last.chainMs.toFixed(0)} ms; end, transfer, path):`,
        );
        for (const step of last.chain) console.log(`    ${step}`);
        console.log(
          '  loading chain to the LCP (last run, observed, unthrottled: sent → ended, transfer, path):',
        );
        for (const step of last.loading) console.log(`    ${step}`);
      }
      return met;
    } finally {
      await browser?.disconnect();
      await chrome?.kill();
    }
  });
}

function lighthouseVersion(): string {
  return (fromLighthouse('lighthouse/package.json') as { version: string }).version;
}
