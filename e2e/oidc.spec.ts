// Signing in through the identity provider (a real oidc-provider started by global-setup.ts): from
// 'Войти через Тест-ID' on /login, through the provider's page, back signed in where the visitor
// was going; the account is made on the first sign-in.
import { expect, test } from '@playwright/test';

test('a visitor signs in through the identity provider and lands where they were going', async ({ page }) => {
  const email = process.env.E2E_OIDC_EMAIL as string;
  await page.goto('/my-tasks');
  await expect(page).toHaveURL('/login?returnTo=%2Fmy-tasks');

  await page.getByRole('link', { name: 'Войти через Тест-ID' }).click();
  await page.getByRole('link', { name: `Войти как ${email}` }).click();

  await expect(page).toHaveURL('/my-tasks');
  await expect(page.locator('header').getByText('Ольга Единая')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

  // Signed out, the provider still knows the browser: signing in again ends on the board list.
  await page.locator('header').getByRole('button', { name: 'Выход' }).click();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Войти через Тест-ID' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Мои доски' })).toBeVisible();
});

test("the provider's refusal comes back as a Russian message on /login", async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Войти через Тест-ID' }).click();
  await page.getByRole('link', { name: 'Отказать' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('alert')).toHaveText('Вход через провайдера отменён');
});
