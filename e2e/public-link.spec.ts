// A board's read-only public link: Olga turns it on, and a visitor who is not signed in opens /p/{token}
// in a browser of their own: the card, nothing to add, the task read-only; Olga renames the card and
// the visitor's page shows it live; Olga makes a new link and the visitor's page says the old one no
// longer works (its API answers 404). And the 'Доступ по ссылке' dialog turns the link on.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type Account, registerAccount } from './support/accounts';
import {
  authHeaders,
  boardColumns,
  cardTitled,
  columnIdOf,
  createTask,
  getBoardDetail,
  menuButton,
  openBoard,
  saveTaskChange,
} from './support/board-page';
import { createBoard } from './support/boards';

type PublicLink = { token: string; url: string };

/** Turns the board's public link on, or replaces it, as its administrator. */
async function newPublicLink(
  request: APIRequestContext,
  owner: Account,
  boardId: number,
): Promise<PublicLink> {
  const response = await request.post(`/api/board/${boardId}/public-link`, { headers: authHeaders(owner) });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as PublicLink;
}

/** Resolves once the page's socket has a subscription acknowledged: from then on every change arrives. */
function subscribed(page: Page): Promise<unknown> {
  return page
    .waitForEvent('websocket')
    .then((socket) =>
      socket.waitForEvent('framereceived', { predicate: (frame) => /"ok":true/.test(String(frame.payload)) }),
    );
}

test('an anonymous page on /p/{token} reads the board, shows a live edit and then the revoke', async ({
  browser,
  request,
}) => {
  const olga = await registerAccount(request, 'Ольга Публикующая');
  const boardId = await createBoard(request, olga, 'Открытая доска');
  const todo = columnIdOf(await getBoardDetail(request, olga, boardId), 'Нужно сделать');
  const taskId = await createTask(request, olga, boardId, todo, 'Опубликовать план');
  const { token } = await newPublicLink(request, olga, boardId);

  // A browser with nobody signed in.
  const context = await browser.newContext();
  const visitor = await context.newPage();
  const live = subscribed(visitor);
  const response = await visitor.goto(`/p/${token}`);
  expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  await expect(cardTitled(visitor, 'Опубликовать план')).toBeVisible();
  await expect(visitor.getByText('Только просмотр по ссылке')).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Войти' })).toBeVisible();
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(visitor.getByRole('button', { name: '+ Добавить карточку' })).toHaveCount(0);
  await expect(visitor.getByRole('button', { name: /Создать новую колонку/ })).toHaveCount(0);
  await expect(menuButton(visitor, 'Участники')).toHaveCount(0);
  await expect(menuButton(visitor, 'Экспорт')).toHaveCount(0);

  // The task opens read-only, under the public link.
  await cardTitled(visitor, 'Опубликовать план').getByRole('link').click();
  await expect(visitor).toHaveURL(new RegExp(`/p/${token}/task/\\d+$`));
  const task = visitor.getByRole('dialog', { name: /^Задача/ });
  const title = task.getByLabel('Название');
  await expect(title).toHaveValue('Опубликовать план');
  await expect(title).not.toBeEditable();
  await expect(task.getByLabel('Новый комментарий')).toHaveCount(0);
  await expect(task.getByRole('button', { name: 'Следить' })).toHaveCount(0);
  await visitor.keyboard.press('Escape');
  await expect(task).toHaveCount(0);
  await expect(visitor).toHaveURL(new RegExp(`/p/${token}$`));

  // Olga renames the card: the visitor's page shows it without a reload.
  await live;
  await saveTaskChange(request, olga, boardId, taskId, { title: 'План опубликован' });
  await expect(cardTitled(visitor, 'План опубликован')).toBeVisible();

  // A new link: the old one stops at once, for its API and its open page.
  await newPublicLink(request, olga, boardId);
  await expect(visitor.getByRole('alert')).toContainText('Ссылка не действует: её выключили или заменили');
  await expect(boardColumns(visitor)).toHaveCount(0);
  expect((await request.get(`/api/public/${token}`)).status()).toBe(404);
  await context.close();
});

test("the board menu's 'Доступ по ссылке' turns the link on and shows it", async ({ page, request }) => {
  const olga = await registerAccount(request, 'Ольга Администратор');
  const boardId = await createBoard(request, olga, 'Доска со ссылкой');
  await openBoard(page, olga, `/board/${boardId}`);

  await menuButton(page, 'Доступ по ссылке').click();
  const dialog = page.getByRole('dialog', { name: 'Доступ по ссылке' });
  await expect(dialog.getByText('Доступ по ссылке выключен.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Включить доступ по ссылке' }).click();
  const field = dialog.getByLabel('Ссылка на доску');
  await expect(field).toHaveValue(/\/p\/[A-Za-z0-9_-]{20,}$/);

  const state = await request.get(`/api/board/${boardId}/public-link`, { headers: authHeaders(olga) });
  const { link } = (await state.json()) as { link: PublicLink | null };
  await expect(field).toHaveValue(link?.url ?? 'no link');
});
