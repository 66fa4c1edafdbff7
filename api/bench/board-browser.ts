/**
 * `bench board-browser`: the board screen in Chromium on the big board of `bench board` (4,000 cards
 * in 40 columns, 20 labels, 10 members, seeded straight into a fresh PostgreSQL database), served by
 * the built API (`api/dist`, which serves the built site too: run `pnpm -r run build` first) started
 * as a child process, so the browser, the server and this script do not share an event loop.
 *
 * Each of RUNS runs (after one unmeasured warm-up run) opens the board in a fresh browser context
 * (empty HTTP cache, signed in by the token in localStorage, viewport 1280x720, no CPU throttling) and
 * measures, in the page:
 *
 * 1. Interactive: performance.now() (0 = navigation start) at the first moment when
 *    a. the first card (article[data-task-id]) of the last visible column (the last one whose middle is
 *       inside the viewport: the 4th at 1280 px) is in the DOM,
 *    b. that card is hit-testable at its centre (document.elementFromPoint lands inside it, so a click
 *       reaches it), and
 *    c. the main thread is idle: a requestIdleCallback probe gets a deadline with at least 40 ms left,
 *       i.e. no task, pending frame or timer due for 40 ms (so the first layout and paint of what was
 *       rendered are done).
 *    It includes loading the shell and the board remote, GET /api/board/{id} (about 4,000 cards) and
 *    rendering. Target: p50 and max under 600 ms. Printed alongside, for the breakdown: when the board
 *    data arrived (the resource entry's responseEnd) and when (a) first held (the MutationObserver
 *    callback that first saw a card in that column).
 * 2. Drop: the first card of the first column is dragged with the mouse (small steps) onto the second
 *    column's header (drop = first in that column). Measured from the pointerup event's timeStamp to
 *    the MutationObserver callback that first sees the drop rendered: the card in the target column,
 *    no longer marked as being dragged, and both columns' card counts updated (they read the board
 *    store, which changes only on drop). Target: p50 and max under 100 ms. The end of dnd-kit's drop
 *    animation (the drag overlay removed) is printed too, for information.
 *
 * Each run also opens, for information, a board of the viewer's with 40 plain cards in 4 columns and
 * measures (1) on it: the part of (1) that does not depend on the board's size (the shell, the
 * federation runtime, the remote's code, React's first renders, the board's lazy parts).
 *
 * The price of federation: each run also opens that 40-card board in mf-board-view's standalone
 * production build (`STANDALONE_BUILD=1`, build-config/src/remote.ts: the remote's own page with its
 * own router, no shell, no federation runtime, no manifest), built at the start into
 * mf-board-view/dist-standalone and served as the site by a second API process of this build on the
 * same database. Its (1) is printed beside the federated one with the ratio federated / standalone
 * (medians, and the median of the runs' ratios). No target: the figure is for reading.
 *
 * BENCH_BASELINE=<git revision> also measures (1) for that revision's front-ends in the same run: they
 * are built in a temporary git worktree (`pnpm install --prefer-offline`, `pnpm -r run build` without
 * the api) and served by a second API process of this build (STATIC_DIR), on the same database; each
 * run opens the board on both, alternately, so a machine that is busier in one minute than the next
 * weighs on both alike, and the median of the runs' differences is printed. All loads come before the drags of (2), so both servers answer an unchanged
 * board from memory: a drag between them had the other server read the changed board from the
 * database, and the baseline's data came about 300 ms later than this build's. The baseline is printed beside this build's figures; the targets are this
 * build's.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../src/database.js';
import { createTempDatabase } from '../test/pg.js';
import { seed } from './board.js';
import { percentile } from './lib.js';
import { type ApiProcess, apiRoot, launchChromium, register, startApi, stop } from './processes.js';

const RUNS = Number(process.env.BENCH_BROWSER_RUNS ?? 5);
const BASELINE = process.env.BENCH_BASELINE?.trim() || null;
const INTERACTIVE_TARGET_MS = 600;
const DROP_TARGET_MS = 100;
const VIEWPORT = { width: 1280, height: 720 };

interface LoadTiming {
  /** GET /api/board/{id} answered (responseEnd), for the breakdown. */
  data: number;
  cards: number;
  interactive: number;
}

interface DropTiming {
  shown: number;
  overlayGone: number;
}

// The probes below run in Chromium (Playwright sends their source). The api project has no DOM types,
// so the few browser globals they touch are declared here, local to this module.
interface PageElement {
  getBoundingClientRect(): { left: number; top: number; width: number; height: number };
  querySelector(selector: string): PageElement | null;
  closest(selector: string): PageElement | null;
  contains(other: PageElement): boolean;
  classList: { contains(name: string): boolean };
  getAttribute(name: string): string | null;
  textContent: string | null;
}
declare const document: {
  body: PageElement;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): Iterable<PageElement>;
  elementFromPoint(x: number, y: number): PageElement | null;
};
declare const window: {
  innerWidth: number;
  localStorage: { setItem(key: string, value: string): void };
  addEventListener(
    type: 'pointerup',
    listener: (event: { timeStamp: number }) => void,
    options: object,
  ): void;
  __boardTiming?: Partial<LoadTiming>;
  __dropTiming?: Promise<DropTiming>;
};
declare const MutationObserver: new (
  callback: () => void,
) => { observe(target: unknown, options: object): void; disconnect(): void };
declare function requestIdleCallback(callback: (deadline: { timeRemaining(): number }) => void): number;

/**
 * Installed before any script of the page: records (1), see the header. Nothing here forces a layout
 * while the board renders: the MutationObserver only notes when each column first holds a card, and
 * geometry is read in idle callbacks, after the browser has laid out and painted on its own.
 */
function interactiveProbe() {
  const timing: Partial<LoadTiming> = {};
  window.__boardTiming = timing;
  const IDLE_MS = 40;
  const firstCardAt = new Map<string, number>();
  let probing = false;
  const lastVisibleColumn = () => {
    const columns = [...document.querySelectorAll('section[data-column-id]')];
    const visible = columns.filter((column) => {
      const rect = column.getBoundingClientRect();
      return rect.left + rect.width / 2 < window.innerWidth;
    });
    return visible[visible.length - 1] ?? null;
  };
  const clickable = (card: PageElement) => {
    const rect = card.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return hit !== null && card.contains(hit);
  };
  const observer = new MutationObserver(() => {
    const now = performance.now();
    for (const column of document.querySelectorAll('section[data-column-id]')) {
      const id = column.getAttribute('data-column-id') ?? '';
      if (!firstCardAt.has(id) && column.querySelector('article[data-task-id]')) firstCardAt.set(id, now);
    }
    if (firstCardAt.size > 0 && !probing) {
      probing = true;
      waitIdle();
    }
  });
  const waitIdle = () =>
    requestIdleCallback((deadline) => {
      const column = lastVisibleColumn();
      const card = column?.querySelector('article[data-task-id]');
      if (column && card && deadline.timeRemaining() >= IDLE_MS && clickable(card)) {
        timing.interactive = performance.now();
        timing.cards = firstCardAt.get(column.getAttribute('data-column-id') ?? '') ?? timing.interactive;
        const board = performance
          .getEntriesByType('resource')
          .find((entry) => /\/api\/board\/\d+/.test(entry.name)) as { responseEnd: number } | undefined;
        timing.data = board?.responseEnd ?? Number.NaN;
        observer.disconnect();
      } else {
        waitIdle();
      }
    });
  observer.observe(document, { childList: true, subtree: true });
}

/** Arms (2) in the page before the drag; the result is awaited after the mouse is released. */
function armDropProbe({ taskId, from, to }: { taskId: string; from: string; to: string }) {
  const count = (columnId: string) =>
    Number(
      document.querySelector(`section[data-column-id="${columnId}"] [title="Карточек в колонке"]`)
        ?.textContent,
    );
  const before = { from: count(from), to: count(to) };
  window.__dropTiming = new Promise<DropTiming>((resolve, reject) => {
    let releasedAt: number | undefined;
    let shown: number | undefined;
    const dropShown = () => {
      const card = document.querySelector(
        `section[data-column-id="${to}"] article[data-task-id="${taskId}"]`,
      );
      const wrapper = card?.closest('.bv-sortable-card');
      return (
        !!wrapper &&
        !wrapper.classList.contains('bv-sortable-card--dragging') &&
        count(from) === before.from - 1 &&
        count(to) === before.to + 1
      );
    };
    const observer = new MutationObserver(() => {
      if (releasedAt === undefined) return;
      const now = performance.now();
      if (shown === undefined && dropShown()) shown = now - releasedAt;
      if (shown !== undefined && !document.querySelector('.bv-drag-card')) {
        observer.disconnect();
        resolve({ shown, overlayGone: now - releasedAt });
      }
    });
    window.addEventListener(
      'pointerup',
      (event) => {
        releasedAt = event.timeStamp;
      },
      { capture: true, once: true },
    );
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['class'],
    });
    setTimeout(() => reject(new Error('the drop never showed')), 10_000);
  });
}

/** Opens the board in a fresh context; resolves with (1) and the page, still open, for a drag. */
async function openBoard(browser: Browser, url: string, token: string) {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'ru-RU' });
  // tsx (esbuild, keepNames) wraps named functions in __name(); the probes' source carries those calls.
  await context.addInitScript({ content: 'globalThis.__name = (target) => target;' });
  await context.addInitScript((value) => window.localStorage.setItem('token', value), token);
  await context.addInitScript(interactiveProbe);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__boardTiming?.interactive !== undefined, null, {
    timeout: 30_000,
    polling: 100,
  });
  const timing = (await page.evaluate(() => window.__boardTiming)) as LoadTiming;
  return { page, timing };
}

/** Drags the first card of the first column onto the second column's header; resolves with (2). */
async function dragFirstCard(page: Page): Promise<DropTiming> {
  // The board is drawn first and drag and drop attached right after its first paint, re-rendering the
  // cards (a press before that is kept and replayed); the elements below are read once it is there.
  await page.waitForFunction(
    () => document.querySelector('[aria-roledescription="колонка"][aria-describedby]') !== null,
  );
  const columns = page.locator('section[data-column-id]');
  const from = (await columns.nth(0).getAttribute('data-column-id')) as string;
  const to = (await columns.nth(1).getAttribute('data-column-id')) as string;
  const card = columns.nth(0).locator('article[data-task-id]').first();
  const taskId = (await card.getAttribute('data-task-id')) as string;
  // The card drags by its title link (its one tab stop and drag handle).
  const source = await card.locator('.bv-card__title').boundingBox();
  const target = await columns.nth(1).locator('[aria-roledescription="колонка"]').boundingBox();
  if (!source || !target) throw new Error('the card or the column header is not on screen');

  await page.evaluate(armDropProbe, { taskId, from, to });
  const saved = page.waitForResponse(
    (res) => res.request().method() === 'PUT' && res.url().endsWith('/api/task/move'),
  );
  const x = source.x + source.width / 2;
  const y = source.y + source.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 4, y + 4, { steps: 2 });
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 15 });
  await page.mouse.move(target.x + target.width / 2 + 1, target.y + target.height / 2 + 1);
  await page.mouse.up();
  const timing = await page.evaluate(() => window.__dropTiming as Promise<DropTiming>);
  // The move is saved before the next run starts (the page applies its echo as a patch: no re-fetch).
  const answer = await saved;
  if (!answer.ok()) throw new Error(`PUT /api/task/move: ${answer.status()}`);
  return timing;
}

const SMALL_COLUMNS = 4;
const SMALL_CARDS = 10;

/** A board of the viewer's with SMALL_COLUMNS columns of SMALL_CARDS plain cards; resolves with its id. */
async function seedSmallBoard(db: Kysely<Database>, viewerId: number): Promise<number> {
  const { id: boardId } = await db
    .insertInto('boards')
    .values({ name: 'Маленькая доска', created_by: viewerId, task_seq: SMALL_COLUMNS * SMALL_CARDS })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('board_members')
    .values({ board_id: boardId, user_id: viewerId, accepted: true })
    .execute();
  const columns = await db
    .insertInto('columns')
    .values(
      Array.from({ length: SMALL_COLUMNS }, (_, i) => ({
        board_id: boardId,
        name: `Этап ${i + 1}`,
        position: i,
      })),
    )
    .returning('id')
    .execute();
  await db
    .insertInto('tasks')
    .values(
      Array.from({ length: SMALL_COLUMNS * SMALL_CARDS }, (_, i) => ({
        board_id: boardId,
        column_id: columns[i % SMALL_COLUMNS]!.id,
        position: Math.floor(i / SMALL_COLUMNS),
        number: i + 1,
        title: `Задача ${i + 1}`,
        created_by: viewerId,
      })),
    )
    .execute();
  return boardId;
}

function runIn(cwd: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { cwd, env, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`);
}

/**
 * mf-board-view's standalone production build (see the header), in a static folder of its own where
 * it stands as the shell: the API serves it at every page path, with /api beside it.
 */
async function buildStandalone(): Promise<string> {
  const remote = join(apiRoot, '..', 'mf-board-view');
  console.log('building mf-board-view standalone (STANDALONE_BUILD=1)');
  runIn(remote, join(remote, 'node_modules/.bin/rsbuild'), ['build'], {
    ...process.env,
    STANDALONE_BUILD: '1',
    NODE_ENV: 'production',
  });
  const dir = await mkdtemp(join(tmpdir(), 'kanban-standalone-'));
  await mkdir(dir, { recursive: true });
  await symlink(join(remote, 'dist-standalone'), join(dir, 'shell'));
  return dir;
}

/** The front-ends of git revision `revision`, built in a temporary worktree (see the header). */
async function buildBaseline(revision: string): Promise<{ dir: string; remove: () => void }> {
  const repo = join(apiRoot, '..');
  const dir = await mkdtemp(join(tmpdir(), 'kanban-baseline-'));
  console.log(`building the baseline's front-ends (${revision}) in ${dir}`);
  runIn(repo, 'git', ['worktree', 'add', '--detach', dir, revision]);
  const remove = () => runIn(repo, 'git', ['worktree', 'remove', '--force', dir]);
  try {
    runIn(dir, 'pnpm', ['install', '--frozen-lockfile', '--prefer-offline']);
    runIn(dir, 'pnpm', ['-r', '--workspace-concurrency=2', '--filter', '!api', 'run', 'build']);
  } catch (error) {
    remove();
    throw error;
  }
  return { dir, remove };
}

const spread = (values: number[]) =>
  `p50 ${percentile(values, 50).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms`;

/** The spread, then every run's figure in the order measured. */
const spreadAndRuns = (values: number[]) =>
  `${spread(values)} (${values.map((value) => value.toFixed(0)).join(', ')})`;

function report(title: string, values: number[], targetMs: number): boolean {
  const p50 = percentile(values, 50);
  const max = Math.max(...values);
  const met = p50 < targetMs && max < targetMs;
  console.log(
    `${title}: ${spreadAndRuns(values)}; ` +
      `target (p50 and max < ${targetMs} ms): ${met ? 'met' : 'MISSED'}`,
  );
  return met;
}

export async function boardBrowserBench(): Promise<boolean> {
  const database = await createTempDatabase('kanban_bench_');
  const dataDir = await mkdtemp(join(tmpdir(), 'kanban-bench-'));
  let baseline: Awaited<ReturnType<typeof buildBaseline>> | null = null;
  let standaloneDir: string | null = null;
  const servers: ApiProcess[] = [];
  let browser: Browser | undefined;
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max: 2 }) }),
  });
  try {
    // Inside the try: a failed build still drops the database and the data folder.
    if (BASELINE) baseline = await buildBaseline(BASELINE);
    standaloneDir = await buildStandalone();
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
    };
    const server = await startApi(env, { built: true });
    servers.push(server);
    const baselineServer = baseline
      ? await startApi({ ...env, STATIC_DIR: baseline.dir }, { built: true })
      : null;
    if (baselineServer) servers.push(baselineServer);
    const standaloneServer = await startApi({ ...env, STATIC_DIR: standaloneDir }, { built: true });
    servers.push(standaloneServer);
    const viewer = await register(server.url, 'Браузер');
    const seeded = await seed(db);
    await db
      .insertInto('board_members')
      .values({ board_id: seeded.boardId, user_id: viewer.id, accepted: true })
      .execute();
    console.log(
      `seeded: 4000 cards in 40 columns, 20 labels, 10 members (+ the viewer), ${seeded.counts.labels} card labels, ` +
        `${seeded.counts.comments} comments; Chromium ${VIEWPORT.width}x${VIEWPORT.height}, fresh context per run`,
    );

    const small = await seedSmallBoard(db, viewer.id);
    const smallPath = `/board/${small}`;

    browser = await launchChromium();
    const boardPath = `/board/${seeded.boardId}`;
    const loads: LoadTiming[] = [];
    const baselineLoads: LoadTiming[] = [];
    const smallLoads: LoadTiming[] = [];
    const standaloneLoads: LoadTiming[] = [];
    const drops: DropTiming[] = [];
    // The loads first, then the drags: a drag changes the board, and the next read of a changed board
    // is built afresh (on the other server from the database), which is not what a load measures.
    for (let run = 0; run <= RUNS; run += 1) {
      const { page, timing } = await openBoard(browser, `${server.url}${boardPath}`, viewer.token);
      await page.context().close();
      const before = baselineServer
        ? await openBoard(browser, `${baselineServer.url}${boardPath}`, viewer.token)
        : null;
      await before?.page.context().close();
      const fixed = await openBoard(browser, `${server.url}${smallPath}`, viewer.token);
      await fixed.page.context().close();
      const alone = await openBoard(browser, `${standaloneServer.url}${smallPath}`, viewer.token);
      await alone.page.context().close();
      // Run 0 warms up the servers (JIT, PostgreSQL caches) and is not counted.
      if (run === 0) continue;
      loads.push(timing);
      smallLoads.push(fixed.timing);
      standaloneLoads.push(alone.timing);
      if (before) baselineLoads.push(before.timing);
    }
    for (let run = 0; run <= RUNS; run += 1) {
      const { page } = await openBoard(browser, `${server.url}${boardPath}`, viewer.token);
      const drop = await dragFirstCard(page);
      await page.context().close();
      if (run > 0) drops.push(drop);
    }

    const breakdown = (title: string, measured: LoadTiming[]) =>
      console.log(
        `${title}: board data received ${spread(measured.map((load) => load.data))}; ` +
          `first cards of the visible columns in the DOM ${spread(measured.map((load) => load.cards))}`,
      );
    breakdown('breakdown', loads);
    const interactiveMet = report(
      `board interactive (${RUNS} runs, from navigation start)`,
      loads.map((load) => load.interactive),
      INTERACTIVE_TARGET_MS,
    );
    console.log(
      `the same screen on a board of ${SMALL_COLUMNS * SMALL_CARDS} cards (the part that does not depend on ` +
        `the board's size), for information: interactive ${spreadAndRuns(smallLoads.map((load) => load.interactive))}`,
    );
    const federated = smallLoads.map((load) => load.interactive);
    const standalone = standaloneLoads.map((load) => load.interactive);
    const ratios = federated.map((value, index) => value / (standalone[index] ?? Number.NaN));
    console.log(
      `the same ${SMALL_COLUMNS * SMALL_CARDS}-card board in mf-board-view's standalone build (no shell, no ` +
        `federation runtime): interactive ${spreadAndRuns(standalone)}; federated / standalone: ` +
        `${(percentile(federated, 50) / percentile(standalone, 50)).toFixed(2)} (medians), ` +
        `${percentile(ratios, 50).toFixed(2)} (median of the runs' ratios), for information`,
    );
    if (baseline) {
      breakdown(`baseline ${BASELINE}, breakdown`, baselineLoads);
      const values = baselineLoads.map((load) => load.interactive);
      console.log(`baseline ${BASELINE}: board interactive ${spreadAndRuns(values)}`);
      // Each run's two loads are a pair taken a few seconds apart: the median of their differences
      // is steadier than the difference of the medians on a machine whose speed drifts.
      const differences = loads.map((load, index) => load.interactive - (values[index] ?? Number.NaN));
      const faster = differences.filter((difference) => difference < 0).length;
      console.log(
        `this build - baseline, run by run: median ${percentile(differences, 50).toFixed(0)} ms; ` +
          `faster in ${faster} of ${differences.length} runs`,
      );
    }
    const dropMet = report(
      `card drop shown (${RUNS} drags, from mouse up)`,
      drops.map((drop) => drop.shown),
      DROP_TARGET_MS,
    );
    console.log(
      `drop animation over (overlay removed, for information): ${spread(drops.map((drop) => drop.overlayGone))}`,
    );
    return interactiveMet && dropMet;
  } finally {
    await browser?.close();
    for (const server of servers) await stop(server.child);
    baseline?.remove();
    if (standaloneDir) await rm(standaloneDir, { recursive: true, force: true });
    await db.destroy();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
