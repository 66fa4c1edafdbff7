import { expect, test } from '@playwright/test';
import { registerAccount, signIn } from './support/accounts';

// A 1x1 PNG: the API checks an avatar's first bytes, not only its declared type.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('an image dropped on the avatar area becomes the avatar in the header', async ({ page, request }) => {
  const account = await registerAccount(request, 'Света Аватарова');
  await signIn(page, account);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Настройки' })).toBeVisible();

  const dataTransfer = await page.evaluateHandle(
    (bytes) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], 'me.png', { type: 'image/png' }));
      return transfer;
    },
    [...PNG],
  );
  const dropzone = page.getByRole('button', { name: 'Загрузить файл' });
  // The area is drawn at once and takes files once react-dropzone has loaded.
  await expect(dropzone).not.toHaveAttribute('aria-busy', 'true');
  await dropzone.dispatchEvent('dragenter', { dataTransfer });
  await dropzone.dispatchEvent('drop', { dataTransfer });
  await page.getByRole('button', { name: 'Загрузить этот файл' }).click();
  await expect(page.getByText('Аватар обновлён')).toBeVisible();

  const user = (await (
    await request.get('/api/auth/user', { headers: { authorization: `Bearer ${account.token}` } })
  ).json()) as { avatar: string | null };
  expect(user.avatar).toBeTruthy();
  const headerImage = page.locator('header img.ui-avatar__image');
  await expect(headerImage).toHaveAttribute('src', user.avatar as string);
  const served = await request.get(user.avatar as string);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toContain('image/png');
});

test('a file that is not an image is refused in Russian', async ({ page, request }) => {
  await signIn(page, await registerAccount(request));
  await page.goto('/settings');
  await page.getByTestId('dropzone-input').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('не картинка'),
  });
  await expect(page.getByText(/Тип файла должен быть/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Загрузить этот файл' })).toHaveCount(0);
});

test('the profile form saves, shows Сохранено and updates the header; a taken e-mail shows Ошибка', async ({
  page,
  request,
}) => {
  const account = await registerAccount(request, 'Старое Имя');
  const other = await registerAccount(request);
  await signIn(page, account);
  await page.goto('/settings');

  await page.getByRole('textbox', { name: 'Имя' }).fill('  Новое Имя  ');
  await page.getByLabel('Пол').selectOption({ label: 'Женский' });
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('button', { name: 'Сохранено' })).toBeVisible();
  await expect(page.locator('header').getByText('Новое Имя')).toBeVisible();
  const saved = (await (
    await request.get('/api/auth/user', { headers: { authorization: `Bearer ${account.token}` } })
  ).json()) as { name: string; gender: number | null };
  expect(saved).toMatchObject({ name: 'Новое Имя', gender: 0 });

  await page.getByRole('textbox', { name: 'Email' }).fill(other.email);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('button', { name: 'Ошибка' })).toBeVisible();
  await expect(page.getByText('Этот e-mail уже зарегистрирован')).toBeVisible();
});

test('the password form: a wrong old password shows Ошибка, the right one Пароль изменён and clears', async ({
  page,
  request,
}) => {
  const account = await registerAccount(request);
  await signIn(page, account);
  await page.goto('/settings');

  await page.getByLabel('Текущий пароль').fill('wrong-password');
  await page.getByLabel('Новый пароль').fill('next-password-9');
  await page.getByLabel('Повторите пароль').fill('next-password-9');
  await page.getByRole('button', { name: 'Изменить пароль' }).click();
  await expect(page.getByRole('button', { name: 'Ошибка' })).toBeVisible();
  await expect(page.getByText('Неверный пароль')).toBeVisible();

  await page.getByLabel('Текущий пароль').fill(account.password);
  await page.getByRole('button', { name: /^(Изменить пароль|Ошибка)$/ }).click();
  await expect(page.getByRole('button', { name: 'Пароль изменён' })).toBeVisible();
  for (const label of ['Текущий пароль', 'Новый пароль', 'Повторите пароль']) {
    await expect(page.getByLabel(label)).toHaveValue('');
  }
  // The page keeps working with the fresh token; the old one is retired.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Настройки' })).toBeVisible();
  const old = await request.get('/api/auth/user', { headers: { authorization: `Bearer ${account.token}` } });
  expect(old.status()).toBe(401);

  await page.getByRole('button', { name: 'Вернуться назад' }).click();
  await expect(page).not.toHaveURL(/\/settings$/);
});
