import { expect, type Page, test } from '@playwright/test';
import { registerAccount, signIn } from './support/accounts';

test('under 720px the burger opens a 250px panel with the links and a backdrop that closes it', async ({
  page,
  request,
}) => {
  const account = await registerAccount(request, 'Дина Мобильная');
  await page.setViewportSize({ width: 600, height: 800 });
  await signIn(page, account);
  await page.goto('/');

  const header = page.locator('header');
  await expect(header.getByRole('button', { name: 'Выход' })).toBeHidden();
  await header.getByRole('button', { name: 'Меню' }).click();

  const panel = page.getByRole('complementary', { name: 'Меню' });
  await expect(panel).toBeVisible();
  await expect.poll(async () => Math.round((await panel.boundingBox())?.width ?? 0)).toBe(250);
  await expect(panel.getByRole('link', { name: 'Настройки' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Выход' })).toBeVisible();

  await page.mouse.click(100, 400);
  await expect(panel).toBeHidden();
});

test('header text hides under 950px but stays at full width', async ({ page, request }) => {
  const account = await registerAccount(request, 'Ефим Широкий');
  await signIn(page, account);
  await page.setViewportSize({ width: 1200, height: 800 });
  await page.goto('/');
  const name = page.locator('header').getByText('Ефим Широкий');
  await expect(name).toBeVisible();
  await page.setViewportSize({ width: 900, height: 800 });
  await expect(name).toBeHidden();
  await expect(page.locator('header').getByRole('button', { name: 'Выход' })).toBeVisible();
});

test('a remote whose manifest cannot be loaded shows an error area while the header keeps working', async ({
  page,
}) => {
  let blocked = true;
  await page.route('**/remotes/mf-auth/mf-manifest.json*', (route) =>
    blocked ? route.abort() : route.continue(),
  );
  await page.goto('/login');

  await expect(page.getByText('Не удалось загрузить раздел')).toBeVisible();
  const header = page.locator('header');
  await expect(header.getByRole('button', { name: 'Регистрация' })).toBeVisible();

  await header
    .getByRole('link', { name: /канбан/i })
    .first()
    .click();
  await expect(page).toHaveURL('/');
  await expect(page.getByText('Не удалось загрузить раздел')).toHaveCount(0);

  await page.goto('/login');
  await expect(page.getByText('Не удалось загрузить раздел')).toBeVisible();
  blocked = false;
  await page.getByRole('button', { name: 'Повторить' }).click();
  await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
});

/** The shared modules loaded in the page: name -> ['version@container that provided it']. */
function loadedShares(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(() => {
    type Share = Record<
      string,
      Record<string, Record<string, Record<string, { loaded?: boolean; from?: string }>>>
    >;
    const share =
      (window as unknown as { __FEDERATION__?: { __SHARE__?: Share } }).__FEDERATION__?.__SHARE__ ?? {};
    const result: Record<string, string[]> = {};
    for (const scopes of Object.values(share)) {
      for (const packages of Object.values(scopes)) {
        for (const [name, versions] of Object.entries(packages)) {
          for (const [version, entry] of Object.entries(versions)) {
            if (entry.loaded) result[name] = [...(result[name] ?? []), `${version}@${entry.from}`];
          }
        }
      }
    }
    return result;
  });
}

test('exactly one React runs in the page with the remote loaded', async ({ page }) => {
  await page.addInitScript(() => {
    const renderers: unknown[] = [];
    Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
      value: {
        renderers: new Map(),
        supportsFiber: true,
        inject(renderer: unknown) {
          renderers.push(renderer);
          return renderers.length;
        },
        onScheduleFiberRoot() {},
        onCommitFiberRoot() {},
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
        checkDCE() {},
      },
    });
    Object.defineProperty(window, '__reactRenderers', { get: () => renderers.length });
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { __reactRenderers: number }).__reactRenderers),
  ).toBe(1);

  const loaded = await loadedShares(page);
  for (const name of ['react', 'react-dom', 'react-router-dom', 'zustand', 'shared-ui']) {
    expect(new Set(loaded[name] ?? []).size, `${name} loaded once: ${JSON.stringify(loaded[name])}`).toBe(1);
  }
  // The shell's copy runs: for the router that is the part the front-ends use (shell/src/shared/router.ts),
  // not a remote's whole package.
  expect(loaded['react-router-dom']?.[0]).toMatch(/@shell$/);
});

test("shared-ui's widgets load once, from the shell's build, when a dialog first needs them", async ({
  page,
  request,
}) => {
  const account = await registerAccount(request, 'Вера Виджетова');
  await signIn(page, account);
  // Every script that carries Modal's code (its class names), by path.
  const withModal: Promise<string | null>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    withModal.push(
      response.text().then(
        (body) => (body.includes('ui-modal__backdrop') ? new URL(response.url()).pathname : null),
        () => null,
      ),
    );
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Создать доску' }).click();
  await expect(page.getByRole('dialog', { name: 'Новая доска' })).toBeVisible();

  const paths = (await Promise.all(withModal)).filter((path) => path !== null);
  // The shell's copy (served from the site root), not the remote's fallback under /remotes/mf-boards/.
  expect(paths).toHaveLength(1);
  expect(paths[0]).toMatch(/^\/static\/js\//);
  expect((await loadedShares(page))['shared-ui/widgets']).toHaveLength(1);
});
