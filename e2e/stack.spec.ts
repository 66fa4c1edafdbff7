// The production topology (`pnpm stack`): nginx in front of two API instances and one static service
// per front-end. Starts its own stack on a fresh database and stops it afterwards; the other specs use
// the one-port site from global-setup.
import { readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { type Account, registerAccount, signIn } from './support/accounts';
import { addMember, createBoard } from './support/boards';
import { watchCspViolations } from './support/csp';
import { boardVersion, connectViewers, socketsOn, steadyLoad, type Viewer } from './support/rolling-restart';
import {
  copyPackage,
  hashTree,
  redeploy,
  STACK_METRICS_TOKEN,
  startTestStack,
  type TestStack,
} from './support/stack';

test.describe.configure({ mode: 'serial' });

let stack: TestStack;
let api: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  stack = await startTestStack();
  api = await playwrightRequest.newContext({ baseURL: stack.url });
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await api?.dispose();
  await stack?.close();
});

/** A signed-in page through the proxy; `instance` pins its API calls and socket to one API instance. */
async function openAs(browser: Browser, account: Account, instance?: 'api-1' | 'api-2') {
  const context: BrowserContext = await browser.newContext({
    baseURL: stack.url,
    ...(instance && { extraHTTPHeaders: { 'x-stack-api': instance } }),
  });
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

const column = (page: Page, name: string) =>
  page.locator('section[data-column-id]').filter({ has: page.getByRole('heading', { name, exact: true }) });
const cardTitles = (page: Page, name: string) =>
  column(page, name).locator('article[data-task-id] .bv-card__title');

/** Client-side navigation inside an open page (no reload), as a link the page does not show would. */
async function navigateInPage(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

const live = (app: string) => readlinkSync(join(stack.deployDir, 'sites', app, 'current'));

test('through the proxy: a board live across instances, then mf-boards redeployed alone', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const owner = await registerAccount(api, 'Алиса Прокси');
  const viewer = await registerAccount(api, 'Борис Прокси');
  const boardId = await createBoard(api, owner, 'Доска за прокси');
  await addMember(api, owner, boardId, viewer);

  // Alice signs in, sees her board list and opens the board; her calls go to api-1.
  const alice = await openAs(browser, owner, 'api-1');
  const aliceViolations = await watchCspViolations(alice);
  const aliceScripts: string[] = [];
  alice.on('response', (response) => {
    if (response.url().includes('/remotes/mf-boards/') && response.url().endsWith('.js'))
      aliceScripts.push(response.url());
  });
  await alice.goto('/');
  await expect(alice.getByRole('heading', { name: 'Мои доски' })).toBeVisible();
  await alice.getByRole('link', { name: /Доска за прокси/ }).click();
  await expect(alice).toHaveURL(`/board/${boardId}`);
  await expect(column(alice, 'Нужно сделать')).toBeVisible();

  // Bob watches the same board through the same proxy, served by the other instance. His first load
  // asks for the board once: mf-board-view's route-data.js starts that GET as the page starts, and the
  // board screen takes its answer.
  const bob = await openAs(browser, viewer, 'api-2');
  const bobViolations = await watchCspViolations(bob);
  const bobRequests: { url: string; status: number }[] = [];
  bob.on('response', (response) => bobRequests.push({ url: response.url(), status: response.status() }));
  await bob.goto(`/board/${boardId}`);
  await expect(column(bob, 'Нужно сделать')).toBeVisible();
  expect(bobRequests.filter(({ url }) => url.endsWith('/remotes/mf-board-view/route-data.js'))).toEqual([
    { url: expect.any(String), status: 200 },
  ]);
  expect(bobRequests.filter(({ url }) => new URL(url).pathname === `/api/board/${boardId}`)).toHaveLength(1);
  expect(await bobViolations()).toEqual([]);

  const todo = column(alice, 'Нужно сделать');
  await todo.getByRole('button', { name: '+ Добавить карточку' }).click();
  await todo.getByLabel('Название карточки').fill('Проверить выкладку');
  await todo.getByRole('button', { name: 'Добавить' }).click();
  await expect(cardTitles(alice, 'Нужно сделать')).toHaveText(['Проверить выкладку']);
  await expect(cardTitles(bob, 'Нужно сделать')).toHaveText(['Проверить выкладку'], { timeout: 5000 });

  // The proxy sends the site's security headers (deploy/kanban/security-headers.conf); nothing so far
  // broke one of their rules.
  const headers = (await api.get('/')).headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(await aliceViolations()).toEqual([]);

  // mf-boards, built from a copy with a changed heading, is redeployed alone.
  const shellBefore = hashTree(join(stack.deployDir, 'sites', 'shell', 'current'));
  const shellPageBefore = await (await api.get('/')).text();
  const othersBefore = ['shell', 'mf-auth', 'mf-board-view', 'mf-settings'].map(live);
  const boardsBefore = live('mf-boards');
  const copy = copyPackage('mf-boards');
  try {
    const page = join(copy.dir, 'src', 'app', 'MainPage.tsx');
    const source = readFileSync(page, 'utf8');
    expect(source).toContain('>Мои доски</h1>');
    writeFileSync(page, source.replace('>Мои доски</h1>', '>Мои доски · новая сборка</h1>'));
    const output = await redeploy(stack, 'mf-boards', copy.dir);
    expect(output).toMatch(/mf-boards 1\.\d+\.\d+ \(build \w+\) is live/);
  } finally {
    copy.remove();
  }
  expect(live('mf-boards')).not.toBe(boardsBefore);
  expect(['shell', 'mf-auth', 'mf-board-view', 'mf-settings'].map(live)).toEqual(othersBefore);
  expect(hashTree(join(stack.deployDir, 'sites', 'shell', 'current'))).toEqual(shellBefore);
  expect(await (await api.get('/')).text()).toBe(shellPageBefore);

  // The page that stayed open keeps working on the build it loaded: the chunks it fetched are still
  // served, it navigates, and /about tells it a newer build is deployed.
  expect(aliceScripts.length).toBeGreaterThan(0);
  for (const url of aliceScripts) expect((await api.get(url)).status(), url).toBe(200);
  await alice
    .getByRole('link', { name: /канбан/i })
    .first()
    .click();
  await expect(alice.getByRole('heading', { name: 'Мои доски', exact: true })).toBeVisible();
  await alice.getByRole('button', { name: 'Создать доску' }).click();
  await expect(alice.getByRole('dialog')).toBeVisible();
  await alice.keyboard.press('Escape');
  await alice.getByRole('link', { name: /Доска за прокси/ }).click();
  await expect(cardTitles(alice, 'Нужно сделать')).toHaveText(['Проверить выкладку']);
  await navigateInPage(alice, '/about');
  const boardsRow = alice.locator('tr[data-front-end="mf_boards"]');
  await expect(boardsRow.locator('td').nth(1)).toContainText('новая сборка, загрузится после обновления');
  const loadedBuild = await boardsRow.locator('td').first().getAttribute('data-build');

  // At the next load the new text shows, and /about confirms the deploy.
  await alice.goto('/');
  await expect(alice.getByRole('heading', { name: 'Мои доски · новая сборка' })).toBeVisible();
  await navigateInPage(alice, '/about');
  const cells = alice.locator('tr[data-front-end="mf_boards"] td');
  await expect(cells.nth(1)).toHaveAttribute('data-build', /\w+/);
  const newBuild = await cells.first().getAttribute('data-build');
  expect(newBuild).not.toBe(loadedBuild);
  await expect(cells.nth(1)).toHaveAttribute('data-build', newBuild as string);
  await expect(alice.locator('tr[data-front-end="shell"] td').first()).toHaveAttribute(
    'data-version',
    /^\d+\.\d+\.\d+$/,
  );

  // Bob's page, open the whole time, still gets live updates.
  await alice.goto(`/board/${boardId}`);
  const todoAgain = column(alice, 'Нужно сделать');
  await todoAgain.getByRole('button', { name: '+ Добавить карточку' }).click();
  await todoAgain.getByLabel('Название карточки').fill('После выкладки');
  await todoAgain.getByRole('button', { name: 'Добавить' }).click();
  await expect(cardTitles(bob, 'Нужно сделать')).toHaveText(['Проверить выкладку', 'После выкладки'], {
    timeout: 5000,
  });

  await alice.context().close();
  await bob.context().close();
});

test('with mf-settings stopped, /settings shows the error area, the rest works, and retry loads it', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const account = await registerAccount(api, 'Вера Сбой');
  await createBoard(api, account, 'Доска при сбое');
  const page = await openAs(browser, account);

  await stack.stopService('mf-settings');
  expect((await api.get('/remotes/mf-settings/mf-manifest.json')).status()).toBe(502);
  try {
    await page.goto('/settings');
    await expect(page.getByText('Не удалось загрузить раздел')).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole('button', { name: 'Повторить' })).toBeVisible();
    await expect(page.locator('header').getByRole('button', { name: 'Выход' })).toBeVisible();

    await page
      .locator('header')
      .getByRole('link', { name: /канбан/i })
      .first()
      .click();
    await expect(page).toHaveURL('/');
    await page.getByRole('link', { name: /Доска при сбое/ }).click();
    await expect(column(page, 'Нужно сделать')).toBeVisible();
    await page.goto('/login');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: 'Мои доски' })).toBeVisible();
    await page.goto('/about');
    await expect(page.locator('tr[data-front-end="mf_settings"] td').nth(1)).toHaveText('недоступен');

    await page.goto('/settings');
    await expect(page.getByText('Не удалось загрузить раздел')).toBeVisible({ timeout: 10_000 });
  } finally {
    await stack.startService('mf-settings');
  }
  await page.getByRole('button', { name: 'Повторить' }).click();
  await expect(page.getByRole('heading', { name: 'Настройки' })).toBeVisible();
  await page.context().close();
});

test('a rolling restart of both API instances under 1,000 sockets fails no request and loses no edit', async () => {
  test.setTimeout(180_000);
  const owner = await registerAccount(api, 'Роман Выкладка');
  const boardId = await createBoard(api, owner, 'Доска под нагрузкой');
  const board = (await (
    await api.get(`/api/board/${boardId}`, { headers: { authorization: `Bearer ${owner.token}` } })
  ).json()) as { columnOrder: string[] };
  const columnId = board.columnOrder[0] as string;

  const load = steadyLoad(stack.url, owner.token, boardId, columnId);
  const viewers = await connectViewers(stack.url, owner.token, boardId, 1000, load.tally);
  const figures: Record<string, unknown>[] = [];
  let previous: { name: string; sockets: number } | null = null;
  const closeStep = () => {
    if (!previous) return;
    const dropped = viewers.filter((viewer) => viewer.disconnects > 0);
    figures.push({
      instance: previous.name,
      socketsBefore: previous.sockets,
      reconnected: dropped.length,
      mostPerSocket: Math.max(0, ...viewers.map((viewer) => viewer.disconnects)),
    });
  };
  const steps = await stack.rollingRestart({
    async beforeStep(name) {
      closeStep();
      for (const viewer of viewers) viewer.disconnects = 0;
      previous = { name, sockets: await socketsOn(stack.serviceUrl(name) as string, STACK_METRICS_TOKEN) };
    },
  });
  closeStep();
  await load.stop();

  // Every viewer is back and knows every edit: by its event, or by the fetch after its reconnect.
  const finalVersion = (await boardVersion(load.tally, stack.url, owner.token, boardId)) as number;
  const knows = (viewer: Viewer, version: number) => viewer.seen.has(version) || viewer.caughtUp >= version;
  await expect
    .poll(() => viewers.filter((viewer) => !viewer.socket.connected || !knows(viewer, finalVersion)).length, {
      timeout: 20_000,
    })
    .toBe(0);
  const missed = viewers.reduce((sum, viewer) => sum + load.edits.filter((v) => !knows(viewer, v)).length, 0);
  for (const viewer of viewers) viewer.socket.disconnect();

  console.log(
    JSON.stringify(
      {
        steps,
        sockets: figures,
        requests: load.tally.requests,
        failedRequests: load.tally.failures.length,
        resentAfterProxyClose: load.tally.resent,
        edits: load.edits.length,
        editsMissedByViewers: missed,
        // Connections an instance refused while it was down, which the proxy sent to the other.
        proxyRetried: stack.output.filter(
          (line) => line.startsWith('[proxy]') && /connect\(\) failed/.test(line),
        ).length,
        proxyOtherErrors: stack.output.filter(
          (line) =>
            line.startsWith('[proxy]') && / \[error\] /.test(line) && !/connect\(\) failed/.test(line),
        ),
      },
      null,
      2,
    ),
  );
  expect(load.tally.failures).toEqual([]);
  expect(load.edits.length).toBeGreaterThan(20);
  expect(missed).toBe(0);
  expect(figures).toHaveLength(2);
  for (const step of figures) {
    // Only the restarted instance's sockets reconnect, each once.
    expect(step.socketsBefore).toBeGreaterThan(0);
    expect(step.reconnected).toBe(step.socketsBefore);
    expect(step.mostPerSocket).toBe(1);
  }
});
