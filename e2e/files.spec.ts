import { expect, test } from '@playwright/test';
import { type Account, registerAccount, signIn } from './support/accounts';
import { addMember, createBoard } from './support/boards';

const auth = (account: Account) => ({ authorization: `Bearer ${account.token}` });

test('a file attached to a task shows progress, counts on the card, opens and is deleted', async ({
  page,
  request,
}) => {
  const owner = await registerAccount(request);
  const boardId = await createBoard(request, owner, 'Доска с файлами');
  const detail = (await (await request.get(`/api/board/${boardId}`, { headers: auth(owner) })).json()) as {
    columnOrder: string[];
  };
  const created = await request.post('/api/task/create', {
    headers: auth(owner),
    data: { boardId, title: 'Задача с вложением', columnId: detail.columnOrder[0] },
  });
  const { id: taskId, number } = (await created.json()) as { id: string; number: number };

  await signIn(page, owner);
  // Hold the upload briefly so the progress bar can be seen, as on a slow connection.
  await page.route('**/api/file/object/**', async (route) => {
    if (route.request().method() === 'PUT') await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto(`/board/${boardId}/task/${number}`);
  const dialog = page.getByRole('dialog');
  const content = 'отчёт за квартал\n'.repeat(2000);
  await dialog.getByTestId('dropzone-input').setInputFiles({
    name: 'отчёт.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(content),
  });
  await expect(dialog.getByRole('progressbar', { name: 'Загрузка «отчёт.txt»' })).toBeVisible();
  const opener = dialog.getByRole('button', { name: 'отчёт.txt', exact: true });
  await expect(opener).toBeVisible();
  await expect(dialog.getByText('text/plain')).toBeVisible();
  await expect(dialog.getByText(/^\d+(,\d+)?\sКБ$/)).toBeVisible();

  const card = page.locator(`article[data-task-id="${taskId}"]`);
  await expect(card.getByTitle('Файлы')).toContainText('1');

  const popupPromise = page.waitForEvent('popup');
  const linkPromise = page.waitForResponse((response) => response.url().includes('/api/file/get'));
  await opener.click();
  const { url } = (await (await linkPromise).json()) as { url: string };
  await (await popupPromise).close().catch(() => {});
  const download = await request.get(url);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-disposition']).toContain('attachment');
  expect(await download.text()).toBe(content);

  await dialog.getByRole('button', { name: 'Удалить файл «отчёт.txt»' }).click();
  await page
    .getByRole('dialog', { name: /Удалить файл/ })
    .getByRole('button', { name: 'Удалить' })
    .click();
  await expect(opener).toHaveCount(0);
  await expect(card.getByTitle('Файлы')).toHaveCount(0);
  const after = (await (
    await request.get(`/api/task/${boardId}/${taskId}`, { headers: auth(owner) })
  ).json()) as {
    files: unknown[];
  };
  expect(after.files).toEqual([]);
});

/** A 2×2 PNG: enough for the browser to decode and size it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFElEQVR4nGP4z8DAwPAfhP7/ZwAAHu8E/Gj7YDYAAAAASUVORK5CYII=',
  'base64',
);

/** Whether an <img> under `root` matching `selector` has been decoded (its natural width is known). */
const pictureShown = (root: import('@playwright/test').Locator, selector: string) =>
  root
    .locator(selector)
    .evaluateAll((images) => images.some((image) => (image as HTMLImageElement).naturalWidth > 0));

test("a picture gets a thumbnail and becomes the card's cover, live for another member", async ({
  page,
  browser,
  request,
}) => {
  const owner = await registerAccount(request, 'Полина Обложкина');
  const member = await registerAccount(request, 'Марк Смотрящий');
  const boardId = await createBoard(request, owner, 'Доска с картинками');
  await addMember(request, owner, boardId, member);
  const detail = (await (await request.get(`/api/board/${boardId}`, { headers: auth(owner) })).json()) as {
    columnOrder: string[];
  };
  const created = await request.post('/api/task/create', {
    headers: auth(owner),
    data: { boardId, title: 'Новая главная', columnId: detail.columnOrder[0] },
  });
  const { id: taskId, number } = (await created.json()) as { id: string; number: number };

  const memberPage = await (await browser.newContext()).newPage();
  await signIn(memberPage, member);
  await memberPage.goto(`/board/${boardId}`);
  const memberCard = memberPage.locator(`article[data-task-id="${taskId}"]`);
  await expect(memberCard).toBeVisible();

  await signIn(page, owner);
  await page.goto(`/board/${boardId}/task/${number}`);
  const dialog = page.getByRole('dialog');
  await dialog
    .getByTestId('dropzone-input')
    .setInputFiles({ name: 'макет.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByRole('button', { name: 'макет.png', exact: true })).toBeVisible();
  await expect.poll(() => pictureShown(dialog, '.bv-file__thumb img')).toBe(true);

  await dialog.getByRole('button', { name: 'Сделать «макет.png» обложкой карточки' }).click();
  await expect(dialog.getByRole('button', { name: 'Убрать «макет.png» с обложки карточки' })).toBeVisible();
  await expect.poll(() => pictureShown(memberCard, '.bv-card__cover img')).toBe(true);

  await dialog.getByRole('button', { name: 'Убрать «макет.png» с обложки карточки' }).click();
  await expect(memberCard.locator('.bv-card__cover')).toHaveCount(0);
  await memberPage.context().close();
});
