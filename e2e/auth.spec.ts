import { expect, test } from '@playwright/test';
import { readOutboxMessage, registerAccount, signIn, uniqueEmail } from './support/accounts';

test('a visitor registers, is signed in, logs out and logs in again', async ({ page }) => {
  const email = uniqueEmail('newcomer');
  await page.goto('/');
  await page.locator('header').getByRole('button', { name: 'Регистрация' }).click();
  await expect(page).toHaveURL('/register');

  await page.getByLabel('Имя').fill('  Борис Новиков  ');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Пароль', { exact: true }).fill('strong-pass-42');
  await page.getByLabel('Повторите пароль').fill('strong-pass-42');
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();

  await expect(page).toHaveURL('/');
  const header = page.locator('header');
  await expect(header.getByText('Борис Новиков')).toBeVisible();
  await expect(header.getByRole('button', { name: 'Выход' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Настройки' })).toBeVisible();

  await header.getByRole('button', { name: 'Выход' }).click();
  await expect(page).toHaveURL('/');
  await expect(header.getByRole('button', { name: 'Вход' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  await header.getByRole('button', { name: 'Вход' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { name: 'Вход' })).toBeVisible();
  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.getByLabel('Пароль', { exact: true }).fill('strong-pass-42');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL('/');
  await expect(header.getByText('Борис Новиков')).toBeVisible();
});

test('the register form shows the server field errors and clears one when it is edited', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Имя').fill('Вера');
  await page.getByLabel('Email').fill(uniqueEmail('mismatch'));
  await page.getByLabel('Пароль', { exact: true }).fill('strong-pass-42');
  await page.getByLabel('Повторите пароль').fill('other-pass-42');
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();

  await expect(page.getByText('Пароли не совпадают')).toBeVisible();
  await expect(page).toHaveURL('/register');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  await page.getByLabel('Повторите пароль').fill('strong-pass-42');
  await expect(page.getByText('Пароли не совпадают')).toHaveCount(0);
});

test('wrong credentials keep the visitor on the login screen with an error', async ({ page, request }) => {
  const account = await registerAccount(request);
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Пароль', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByText('Неверный e-mail или пароль')).toBeVisible();
  await expect(page).toHaveURL('/login');
});

test('a forgotten password is reset from the link in the e-mail', async ({ page, request }) => {
  const account = await registerAccount(request, 'Глеб Забывчивый');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Сбросить пароль' }).click();
  await expect(page).toHaveURL('/reset');

  await page.getByLabel('Email').fill(`  ${account.email.toUpperCase()} `);
  await page.getByRole('button', { name: 'Сбросить' }).click();
  await expect(page).toHaveURL(/\/reset\/validate\/[^/?]+$/);

  let message = '';
  await expect
    .poll(() => {
      try {
        message = readOutboxMessage(account.email);
      } catch {
        message = '';
      }
      return message;
    })
    .toContain('/reset/validate/');
  const link = message.match(/https?:\/\/[^\s"<>]+\/reset\/validate\/[^\s"<>?]+\?code=[a-z0-9]+/)?.[0];
  expect(link, 'the e-mail holds the reset link').toBeTruthy();
  const code = new URL(link as string).searchParams.get('code') as string;
  expect(message).toContain(code);

  await page.goto(link as string);
  await expect(page.getByLabel('Код')).toHaveValue(code);
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page).toHaveURL(/\/reset\/finish\/[^/]+$/);

  const fields = page.locator('input[type="password"]');
  await fields.nth(0).fill('brand-new-pass-7');
  await fields.nth(1).fill('brand-new-pass-7');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page).toHaveURL('/reset/success');
  await expect(page.getByText('Пароль успешно сброшен!')).toBeVisible();

  await page.getByRole('main').getByRole('link', { name: /вход/i }).click();
  await expect(page).toHaveURL('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Пароль', { exact: true }).fill('brand-new-pass-7');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.locator('header').getByText('Глеб Забывчивый')).toBeVisible();

  const oldToken = await request.get('/api/auth/user', {
    headers: { authorization: `Bearer ${account.token}` },
  });
  expect(oldToken.status()).toBe(401);
});

test.describe('redirects', () => {
  test('an unknown path goes to /', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL('/');
  });

  test('protected pages send a visitor without a token to /login, and signing in brings them back', async ({
    page,
    request,
  }) => {
    await page.goto('/board/1');
    await expect(page).toHaveURL('/login?returnTo=%2Fboard%2F1');
    await page.goto('/settings');
    await expect(page).toHaveURL('/login?returnTo=%2Fsettings');
    const account = await registerAccount(request);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Пароль', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page).toHaveURL('/settings');
  });

  test('auth screens send a signed-in user to /', async ({ page, request }) => {
    const account = await registerAccount(request);
    await signIn(page, account);
    for (const path of ['/login', '/register', '/reset']) {
      await page.goto(path);
      await expect(page).toHaveURL('/');
    }
  });

  test('a token that the API rejects is removed and the user goes to /login', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('token', 'not-a-valid-token'));
    await page.goto('/settings');
    await expect(page).toHaveURL('/login?returnTo=%2Fsettings');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});
