// Find anything, reuse what works (issue 32): Ctrl+K finds a card on another board by a word form
// with a typo and opens it; a board is made from the built-in 'Спринт'; a card moved to another
// board leaves this one.
import { expect, test } from '@playwright/test';
import { signIn } from './support/accounts';
import { cardTitled, createTask, getBoardDetail, openBoard } from './support/board-page';
import { boardSession } from './support/board-session';

const session = boardSession('Вера Находчивая');

test('Ctrl+K finds a card by a word form with a typo, and Enter opens it on its board', async ({ page }) => {
  const { boardId, doing } = await session.freshBoard('Закупки');
  await createTask(session.api, session.owner, boardId, doing, 'Позвонить поставщикам');
  await signIn(page, session.owner);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Мои доски' })).toBeVisible();

  await page.keyboard.press('Control+k');
  const box = page.getByRole('combobox', { name: 'Поиск по всем доскам' });
  await expect(box).toBeFocused();
  await box.fill('поставщку');
  const result = page.getByRole('option', { name: /Позвонить поставщикам/ });
  await expect(result).toBeVisible();
  await expect(page.getByRole('group', { name: /Закупки/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(result).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(new RegExp(`/board/${boardId}/task/\\d+$`));
  await expect(page.getByRole('dialog').getByRole('textbox', { name: 'Название' })).toHaveValue(
    'Позвонить поставщикам',
  );
});

test("a board made from 'Спринт' has the template's columns and cards", async ({ page }) => {
  await signIn(page, session.owner);
  await page.goto('/');
  await page.getByRole('button', { name: 'Создать доску' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Название').fill('Спринт 42');
  await dialog.getByRole('radio', { name: 'Спринт' }).check();
  await dialog.getByRole('button', { name: 'Создать' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('list', { name: 'Доски' }).getByRole('link', { name: 'Спринт 42' }).click();
  const columns = page.locator('section[data-column-id]').getByRole('heading', { level: 2 });
  await expect(columns).toHaveText(['Бэклог спринта', 'В работе', 'Код-ревью', 'Тестирование', 'Готово']);
  await expect(cardTitled(page, 'Цель спринта')).toBeVisible();
});

test('a card moved to another board leaves this one and arrives there', async ({ page }) => {
  const from = await session.freshBoard('Откуда');
  const to = await session.freshBoard('Куда');
  await createTask(session.api, session.owner, from.boardId, from.todo, 'Переезжающая');
  await openBoard(page, session.owner, `/board/${from.boardId}`);

  await cardTitled(page, 'Переезжающая').getByRole('link').click();
  const modal = page.getByRole('dialog');
  await modal.getByRole('button', { name: 'Переместить на доску' }).click();
  const move = page.getByRole('dialog', { name: 'Переместить на доску' });
  await move.getByLabel('Доска').selectOption({ label: 'Куда' });
  await move.getByLabel('Колонка').selectOption({ label: 'В работе' });
  await move.getByRole('button', { name: 'Переместить' }).click();

  await expect(cardTitled(page, 'Переезжающая')).toHaveCount(0);
  await expect(page.getByText('Карточка перемещена на доску «Куда», в колонку «В работе».')).toBeVisible();
  const target = await getBoardDetail(session.api, session.owner, to.boardId);
  expect(Object.values(target.tasks).map((task) => task.title)).toEqual(['Переезжающая']);
});
