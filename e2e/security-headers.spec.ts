// The site and the API reference under their Content-Security-Policy (api/src/plugins/security.ts):
// every screen loads, a board with a card, its task modal and the realtime socket work, and the
// browser reports no policy violation and no console error about one.
import { expect, test } from '@playwright/test';
import { registerAccount, signIn } from './support/accounts';
import { columnIdOf, createTask, getBoardDetail, openBoard } from './support/board-page';
import { createBoard } from './support/boards';
import { watchCspViolations } from './support/csp';

test('the site sends the policy and works under it: boards, a board with a card, its task, settings', async ({
  page,
  request,
}) => {
  const response = await request.get('/');
  const csp = response.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('unsafe-inline');
  expect(response.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers()['permissions-policy']).toContain('camera=()');

  const violations = await watchCspViolations(page);
  const account = await registerAccount(request, 'Вера Политикова');
  const boardId = await createBoard(request, account, 'Доска под CSP');
  const detail = await getBoardDetail(request, account, boardId);
  await createTask(request, account, boardId, columnIdOf(detail, 'Нужно сделать'), 'Карточка под CSP');

  await signIn(page, account);
  await page.goto('/');
  await expect(page.getByText('Доска под CSP').first()).toBeVisible();

  await openBoard(page, account, `/board/${boardId}`);
  await page.getByText('Карточка под CSP').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/settings');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await violations()).toEqual([]);
});

test('the API reference at /api/docs renders under the policy', async ({ page }) => {
  const violations = await watchCspViolations(page);
  await page.goto('/api/docs');
  // The page fetches and renders the whole document (160 KB) first.
  await expect(page.getByText('Kanban API').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('/api/auth/login').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await violations()).toEqual([]);
});
