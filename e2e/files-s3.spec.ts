// Attachments with uploads in a bucket: `pnpm stack --s3` (s3rver as the bucket, on its own origin) on
// a fresh database. The browser PUTs the file straight to the bucket with a presigned link (CORS and the
// proxy's CSP must allow it), the API adds it, and the download link is the bucket's.
import { type APIRequestContext, expect, request as playwrightRequest, test } from '@playwright/test';
import { registerAccount, signIn } from './support/accounts';
import { createBoard } from './support/boards';
import { startTestStack, type TestStack } from './support/stack';

test.describe.configure({ mode: 'serial' });

let stack: TestStack;
let api: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  stack = await startTestStack({ s3: true, port: Number(process.env.E2E_STACK_PORT ?? 4360) + 20 });
  api = await playwrightRequest.newContext({ baseURL: stack.url });
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await api?.dispose();
  await stack?.close();
});

test('an attachment goes to the bucket and back, then is deleted', async ({ browser }) => {
  test.setTimeout(60_000);
  const owner = await registerAccount(api, 'Вера Бакет');
  const auth = { authorization: `Bearer ${owner.token}` };
  const boardId = await createBoard(api, owner, 'Доска с бакетом');
  const detail = (await (await api.get(`/api/board/${boardId}`, { headers: auth })).json()) as {
    columnOrder: string[];
  };
  const created = await api.post('/api/task/create', {
    headers: auth,
    data: { boardId, title: 'Задача с вложением', columnId: detail.columnOrder[0] },
  });
  const { number } = (await created.json()) as { number: number };

  const context = await browser.newContext({ baseURL: stack.url });
  const page = await context.newPage();
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|CORS/i.test(message.text())) violations.push(message.text());
  });
  await signIn(page, owner);
  await page.goto(`/board/${boardId}/task/${number}`);
  const dialog = page.getByRole('dialog');
  const content = 'файл в бакете\n'.repeat(500);
  const put = page.waitForRequest((request) => request.method() === 'PUT');
  await dialog.getByTestId('dropzone-input').setInputFiles({
    name: 'бакет.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(content),
  });
  // Straight to the bucket's origin, not through the API.
  expect(new URL((await put).url()).port).toBe(String(stack.ports.proxy + 8));
  const opener = dialog.getByRole('button', { name: 'бакет.txt', exact: true });
  await expect(opener).toBeVisible();

  const popupPromise = page.waitForEvent('popup');
  const linkPromise = page.waitForResponse((response) => response.url().includes('/api/file/get'));
  await opener.click();
  const { url } = (await (await linkPromise).json()) as { url: string };
  await (await popupPromise).close().catch(() => {});
  expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('300');
  const download = await api.get(url);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-disposition']).toContain('attachment');
  expect(await download.text()).toBe(content);

  await dialog.getByRole('button', { name: 'Удалить файл «бакет.txt»' }).click();
  await page
    .getByRole('dialog', { name: /Удалить файл/ })
    .getByRole('button', { name: 'Удалить' })
    .click();
  await expect(opener).toHaveCount(0);
  expect((await api.get(url)).status()).toBe(404);
  expect(violations).toEqual([]);
  await context.close();
});
