// Trash and undo (the activity, mentions and undo issue): Alice deletes a card and takes it back
// with the toast's 'Отменить'; it returns to its column and place on her page and on Bob's, who
// watches through the other API instance. A deleted column comes back from 'Корзина' with its cards.
import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { type Account, registerAccount } from './support/accounts';
import {
  authHeaders,
  cardTitled,
  cardTitles,
  columnIdOf,
  columnNames,
  createLabel,
  createTask,
  getBoardDetail,
  menuButton,
  openBoard,
} from './support/board-page';
import { addMember, createBoard } from './support/boards';

const secondUrl = () => process.env.E2E_SECOND_URL as string;

/** No axe violations inside `selector`. */
async function expectAccessible(page: Page, selector: string) {
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

async function boardPage(browser: Browser, baseURL: string | undefined, account: Account, path: string) {
  const context = await browser.newContext(baseURL ? { baseURL } : {});
  const page = await context.newPage();
  await openBoard(page, account, path);
  return page;
}

test.describe('trash and undo', () => {
  let alice: Account;
  let bob: Account;

  test.beforeAll(async ({ request }) => {
    alice = await registerAccount(request, 'Алиса Автор');
    bob = await registerAccount(request, 'Борис Второй');
  });

  async function sharedBoard(request: Parameters<typeof registerAccount>[0], name: string) {
    const boardId = await createBoard(request, alice, name);
    await addMember(request, alice, boardId, bob);
    const detail = await getBoardDetail(request, alice, boardId);
    return { boardId, todo: columnIdOf(detail, 'Нужно сделать'), doing: columnIdOf(detail, 'В работе') };
  }

  test("'Отменить' puts a deleted card back in its place, for Bob too", async ({ browser, request }) => {
    const { boardId, todo } = await sharedBoard(request, 'Доска отмены');
    for (const title of ['Первая', 'Вторая', 'Третья'])
      await createTask(request, alice, boardId, todo, title);
    const order = ['Первая', 'Вторая', 'Третья'];

    const alicePage = await boardPage(browser, undefined, alice, `/board/${boardId}`);
    const bobPage = await boardPage(browser, secondUrl(), bob, `/board/${boardId}`);
    for (const page of [alicePage, bobPage])
      await expect(cardTitles(page, 'Нужно сделать')).toHaveText(order);

    await cardTitled(alicePage, 'Вторая').getByRole('link', { name: 'Вторая' }).click();
    const dialog = alicePage.getByRole('dialog', { name: /^Задача/ });
    await dialog.getByRole('button', { name: 'Удалить', exact: true }).click();
    const confirm = alicePage.getByRole('dialog', { name: 'Удалить задачу?' });
    await confirm.getByRole('button', { name: 'Удалить задачу' }).click();
    await expect(dialog).toHaveCount(0);

    for (const page of [alicePage, bobPage]) {
      await expect(cardTitles(page, 'Нужно сделать')).toHaveText(['Первая', 'Третья'], { timeout: 5000 });
    }
    // From here the boards follow the patches the socket brings: no board is fetched again.
    const boardRequests: string[] = [];
    for (const page of [alicePage, bobPage]) {
      page.on('request', (req) => {
        if (/\/api\/board\/\d+$/.test(new URL(req.url()).pathname)) boardRequests.push(req.url());
      });
    }
    const toast = alicePage.getByRole('status').filter({ hasText: 'Задача удалена' });
    await expect(toast).toBeVisible();
    await expectAccessible(alicePage, '.bv-undo');
    await toast.getByRole('button', { name: 'Отменить' }).click();
    await expect(toast).toHaveCount(0);

    for (const page of [alicePage, bobPage]) {
      await expect(cardTitles(page, 'Нужно сделать')).toHaveText(order, { timeout: 5000 });
    }
    expect(boardRequests).toEqual([]);
    const detail = await getBoardDetail(request, bob, boardId);
    expect(detail.columns[todo]?.taskIds.map((id) => detail.tasks[id]?.title)).toEqual(order);
    await alicePage.context().close();
    await bobPage.context().close();
  });

  test("Alice's 'Отменить' goes at once when Bob brings the card back from 'Корзина'", async ({
    browser,
    request,
  }) => {
    const { boardId, todo } = await sharedBoard(request, 'Доска двух отмен');
    await createTask(request, alice, boardId, todo, 'Общая карточка');
    const alicePage = await boardPage(browser, undefined, alice, `/board/${boardId}`);
    const bobPage = await boardPage(browser, secondUrl(), bob, `/board/${boardId}`);

    await cardTitled(alicePage, 'Общая карточка').getByRole('link', { name: 'Общая карточка' }).click();
    const dialog = alicePage.getByRole('dialog', { name: /^Задача/ });
    await dialog.getByRole('button', { name: 'Удалить', exact: true }).click();
    const confirm = alicePage.getByRole('dialog', { name: 'Удалить задачу?' });
    await expect(confirm).toContainText('Задача попадёт в корзину на 30 дней');
    await confirm.getByRole('button', { name: 'Удалить задачу' }).click();
    const toast = alicePage.getByRole('status').filter({ hasText: 'Задача удалена' });
    await expect(toast).toBeVisible();
    await expect(cardTitled(bobPage, 'Общая карточка')).toHaveCount(0, { timeout: 5000 });

    await menuButton(bobPage, 'Корзина').click();
    const panel = bobPage.getByRole('dialog', { name: 'Корзина' });
    await panel.getByRole('button', { name: /^Восстановить/ }).click();
    await expect(cardTitled(alicePage, 'Общая карточка')).toBeVisible({ timeout: 5000 });
    // Well within its 10 s: the toast goes as the card comes back.
    await expect(toast).toHaveCount(0, { timeout: 2000 });
    await alicePage.context().close();
    await bobPage.context().close();
  });

  test("a column deleted is restored from 'Корзина' with its cards", async ({ browser, request }) => {
    const { boardId, doing } = await sharedBoard(request, 'Доска корзины');
    await createTask(request, alice, boardId, doing, 'Сверстать');
    await createTask(request, alice, boardId, doing, 'Проверить');

    const alicePage = await boardPage(browser, undefined, alice, `/board/${boardId}`);
    const bobPage = await boardPage(browser, secondUrl(), bob, `/board/${boardId}`);
    const columns = ['Нужно сделать', 'В работе', 'Готово'];
    for (const page of [alicePage, bobPage]) await expect(columnNames(page)).toHaveText(columns);

    const removed = await request.delete(`/api/column/delete/${boardId}/${doing}`, {
      headers: authHeaders(alice),
    });
    expect(removed.status()).toBe(200);
    for (const page of [alicePage, bobPage]) {
      await expect(columnNames(page)).toHaveText(['Нужно сделать', 'Готово'], { timeout: 5000 });
    }

    // Bob restores it: members may, not only the creator.
    await menuButton(bobPage, 'Корзина').click();
    const panel = bobPage.getByRole('dialog', { name: 'Корзина' });
    const items = panel.getByRole('list', { name: 'Удалённые элементы' }).getByRole('listitem');
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText('Колонка «В работе» с карточками (2)');
    await expect(items.first()).toContainText('Алиса Автор');
    await expect(panel.getByRole('button', { name: 'Очистить корзину' })).toHaveCount(0);
    await expectAccessible(bobPage, '.bv-trash-panel');
    await panel.getByRole('button', { name: 'Восстановить колонку «В работе»' }).click();
    await expect(panel.getByText('Корзина пуста')).toBeVisible();
    await bobPage.keyboard.press('Escape');

    for (const page of [alicePage, bobPage]) {
      await expect(columnNames(page)).toHaveText(columns, { timeout: 5000 });
      await expect(cardTitles(page, 'В работе')).toHaveText(['Сверстать', 'Проверить']);
    }
    await alicePage.context().close();
    await bobPage.context().close();
  });

  test("a label deleted in 'Метки' comes back with 'Отменить' while the modal stays open", async ({
    page,
    request,
  }) => {
    const { boardId } = await sharedBoard(request, 'Доска меток');
    await createLabel(request, alice, boardId, 'Срочно');
    await openBoard(page, alice, `/board/${boardId}`);
    await menuButton(page, 'Метки').click();
    const dialog = page.getByRole('dialog', { name: 'Метки' });
    const labels = dialog.getByRole('list', { name: 'Метки доски' });
    await expect(labels.getByText('Срочно')).toBeVisible();
    await dialog.getByRole('button', { name: 'Удалить метку «Срочно»' }).click();
    await page
      .getByRole('dialog', { name: 'Удалить метку?' })
      .getByRole('button', { name: 'Удалить метку' })
      .click();
    await expect(labels).toHaveCount(0);

    // The page behind the modal is inert: the toast is inside the dialog, where Tab reaches it.
    const toast = dialog.getByRole('status').filter({ hasText: 'Метка удалена' });
    const undo = toast.getByRole('button', { name: 'Отменить' });
    await expect(undo).toBeVisible();
    for (let presses = 0; presses < 10; presses += 1) {
      if (await undo.evaluate((button) => button === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    await expect(undo).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toast).toHaveCount(0);
    await expect(labels.getByText('Срочно')).toBeVisible();
  });

  test("the creator empties 'Корзина' after confirming", async ({ page, request }) => {
    const { boardId, todo } = await sharedBoard(request, 'Доска очистки');
    const taskId = await createTask(request, alice, boardId, todo, 'Черновик');
    await request.delete(`/api/task/delete/${boardId}/${taskId}`, { headers: authHeaders(alice) });

    await openBoard(page, alice, `/board/${boardId}`);
    await menuButton(page, 'Корзина').click();
    const panel = page.getByRole('dialog', { name: 'Корзина' });
    await expect(panel.getByRole('button', { name: 'Восстановить задачу «Черновик»' })).toBeVisible();
    await panel.getByRole('button', { name: 'Очистить корзину' }).click();
    const confirm = page.getByRole('dialog', { name: 'Очистить корзину?' });
    await confirm.getByRole('button', { name: 'Очистить корзину' }).click();
    await expect(panel.getByText('Корзина пуста')).toBeVisible();
    const listed = await request.get(`/api/trash/${boardId}`, { headers: authHeaders(alice) });
    expect(await listed.json()).toEqual([]);
  });
});
