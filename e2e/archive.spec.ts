// The archive: Alice sends a card and a column to 'Архив'; they leave her board and Bob's (on the
// other API instance) live, 'Отменить' and Bob's 'Вернуть' put them back in their places.
import { type Browser, expect, test } from '@playwright/test';
import { type Account, registerAccount } from './support/accounts';
import {
  cardTitled,
  cardTitles,
  columnIdOf,
  columnNames,
  createTask,
  getBoardDetail,
  menuButton,
  openBoard,
} from './support/board-page';
import { addMember, createBoard } from './support/boards';

async function boardPage(browser: Browser, baseURL: string | undefined, account: Account, path: string) {
  const context = await browser.newContext(baseURL ? { baseURL } : {});
  const page = await context.newPage();
  await openBoard(page, account, path);
  return page;
}

test("a card and a column go to 'Архив' and come back to their places, live for Bob", async ({
  browser,
  request,
}) => {
  const alice = await registerAccount(request, 'Алиса Архивная');
  const bob = await registerAccount(request, 'Борис Возвращающий');
  const boardId = await createBoard(request, alice, 'Доска с архивом');
  await addMember(request, alice, boardId, bob);
  const detail = await getBoardDetail(request, alice, boardId);
  const todo = columnIdOf(detail, 'Нужно сделать');
  const order = ['Первая', 'Вторая', 'Третья'];
  for (const title of order) await createTask(request, alice, boardId, todo, title);
  await createTask(request, alice, boardId, columnIdOf(detail, 'В работе'), 'В процессе');

  const alicePage = await boardPage(browser, undefined, alice, `/board/${boardId}`);
  const bobPage = await boardPage(browser, process.env.E2E_SECOND_URL, bob, `/board/${boardId}`);
  const pages = [alicePage, bobPage];
  for (const page of pages) await expect(cardTitles(page, 'Нужно сделать')).toHaveText(order);

  // From the task modal, with 'Отменить' in the toast.
  await cardTitled(alicePage, 'Вторая').getByRole('link', { name: 'Вторая' }).click();
  const dialog = alicePage.getByRole('dialog', { name: /^Задача/ });
  await dialog.getByRole('button', { name: 'В архив' }).click();
  await expect(dialog).toHaveCount(0);
  for (const page of pages) await expect(cardTitles(page, 'Нужно сделать')).toHaveText(['Первая', 'Третья']);
  const toast = alicePage.getByRole('status').filter({ hasText: 'Задача в архиве' });
  await toast.getByRole('button', { name: 'Отменить' }).click();
  for (const page of pages) await expect(cardTitles(page, 'Нужно сделать')).toHaveText(order);

  // Archived again, and Bob finds it in 'Архив' by searching.
  await cardTitled(alicePage, 'Вторая').getByRole('link', { name: 'Вторая' }).click();
  await alicePage
    .getByRole('dialog', { name: /^Задача/ })
    .getByRole('button', { name: 'В архив' })
    .click();
  await expect(cardTitles(bobPage, 'Нужно сделать')).toHaveText(['Первая', 'Третья']);
  await menuButton(bobPage, 'Архив').click();
  const archive = bobPage.getByRole('dialog', { name: 'Архив' });
  await archive.getByLabel('Поиск в архиве').fill('втор');
  await expect(archive.getByRole('listitem')).toHaveCount(1);
  await expect(archive.getByRole('listitem')).toContainText('из колонки «Нужно сделать»');
  await archive.getByRole('button', { name: 'Вернуть задачу «Вторая» на доску' }).click();
  await expect(archive.getByText('В архиве пусто')).toBeVisible();
  await bobPage.keyboard.press('Escape');
  for (const page of pages) await expect(cardTitles(page, 'Нужно сделать')).toHaveText(order);

  // A column with its card, from its own dialog.
  await alicePage.getByRole('button', { name: 'Колонка «В работе»: изменить' }).click();
  await alicePage.getByRole('dialog', { name: 'Колонка' }).getByRole('button', { name: 'В архив' }).click();
  for (const page of pages) await expect(columnNames(page)).toHaveText(['Нужно сделать', 'Готово']);
  await menuButton(bobPage, 'Архив').click();
  await expect(archive.getByRole('listitem')).toContainText('Колонка «В работе» с карточками (1)');
  await archive.getByRole('button', { name: 'Вернуть колонку «В работе» на доску' }).click();
  for (const page of pages) {
    await expect(columnNames(page)).toHaveText(['Нужно сделать', 'В работе', 'Готово']);
    await expect(cardTitles(page, 'В работе')).toHaveText(['В процессе']);
  }
  await alicePage.context().close();
  await bobPage.context().close();
});
