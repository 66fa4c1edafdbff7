// Keyboard only on the board (issue 15): Tab to a card, Enter opens it, Escape closes it and gives the
// focus back, Space picks it up, Ctrl+arrow jumps a column or a slot, the Russian live region names
// the column and the position, and a drop where the card started says 'Без изменений'.
import { expect, type Page, test } from '@playwright/test';
import {
  cardHandle,
  cardTitles,
  columnHandle,
  columnNames,
  createTask,
  getBoardDetail,
  openBoard,
  titlesByColumn,
} from './support/board-page';
import { boardSession } from './support/board-session';

const session = boardSession('Клава Стрелкина');

/** dnd-kit's live region: the one status whose text is the last announcement. */
const liveRegion = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

/** Presses Tab until the card titled `title` has the focus (at most `limit` presses). */
async function tabTo(page: Page, title: string, limit = 40) {
  const handle = cardHandle(page, title);
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    if (await handle.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached the card ${title}`);
}

test.describe('keyboard only', () => {
  test('a card opens with Enter, closes with Escape and moves to the next column with Ctrl+ArrowRight', async ({
    page,
  }) => {
    const { boardId, todo } = await session.freshBoard('Только клавиатура');
    await createTask(session.api, session.owner, boardId, todo, 'Первая');
    await createTask(session.api, session.owner, boardId, todo, 'Вторая');
    await openBoard(page, session.owner, `/board/${boardId}`);

    await tabTo(page, 'Вторая');
    const handle = cardHandle(page, 'Вторая');
    await expect(handle).toHaveAccessibleDescription(/Ctrl со стрелкой/);

    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/board/${boardId}/task/\\d+$`));
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(`/board/${boardId}`);
    await expect(handle).toBeFocused();

    await page.keyboard.press('Space');
    await expect(liveRegion(page, 'Карточка взята. В «Нужно сделать», 2 из 2.')).toHaveCount(1);
    await page.keyboard.press('Control+ArrowRight');
    await expect(liveRegion(page, 'В «В работе», 1 из 1')).toHaveCount(1);
    await page.keyboard.press('Space');
    await expect(liveRegion(page, 'Карточка опущена. В «В работе», 1 из 1.')).toHaveCount(1);
    await expect(cardTitles(page, 'В работе')).toHaveText(['Вторая']);
    await expect(cardTitles(page, 'Нужно сделать')).toHaveText(['Первая']);
    // The drop is not an Enter: the card did not open.
    await expect(page).toHaveURL(`/board/${boardId}`);

    await expect
      .poll(async () => titlesByColumn(await getBoardDetail(session.api, session.owner, boardId)))
      .toEqual({ 'Нужно сделать': ['Первая'], 'В работе': ['Вторая'], Готово: [] });
    await page.reload();
    await expect(cardTitles(page, 'В работе')).toHaveText(['Вторая']);
    await expect(cardTitles(page, 'Нужно сделать')).toHaveText(['Первая']);
  });

  test('Ctrl+arrows jump slots and columns; a drop where the card started says Без изменений', async ({
    page,
  }) => {
    const { boardId, todo, done } = await session.freshBoard('Прыжки по местам');
    for (const title of ['Один', 'Два', 'Три'])
      await createTask(session.api, session.owner, boardId, todo, title);
    await createTask(session.api, session.owner, boardId, done, 'Готовая');
    await openBoard(page, session.owner, `/board/${boardId}`);

    // Down a slot and back up: nothing changed.
    await cardHandle(page, 'Один').focus();
    await page.keyboard.press('Space');
    // A jump needs the board measured, which the pick-up's announcement follows.
    await expect(liveRegion(page, 'Карточка взята. В «Нужно сделать», 1 из 3.')).toHaveCount(1);
    await page.keyboard.press('Control+ArrowDown');
    await expect(liveRegion(page, 'В «Нужно сделать», 2 из 3.')).toHaveCount(1);
    await page.keyboard.press('Control+ArrowUp');
    await expect(liveRegion(page, 'В «Нужно сделать», 1 из 3.')).toHaveCount(1);
    await page.keyboard.press('Space');
    await expect(liveRegion(page, /^Без изменений$/)).toHaveCount(1);
    await expect(cardTitles(page, 'Нужно сделать')).toHaveText(['Один', 'Два', 'Три']);

    // Two columns to the right, then down past the card there: last in 'Готово'.
    await cardHandle(page, 'Два').focus();
    await page.keyboard.press('Space');
    await expect(liveRegion(page, 'Карточка взята. В «Нужно сделать», 2 из 3.')).toHaveCount(1);
    await page.keyboard.press('Control+ArrowRight');
    await expect(liveRegion(page, 'В «В работе», 1 из 1.')).toHaveCount(1);
    await page.keyboard.press('Control+ArrowRight');
    await expect(liveRegion(page, /^В «Готово», [12] из 2\.$/)).toHaveCount(1);
    await page.keyboard.press('Space');
    await expect(liveRegion(page, /^Карточка опущена\. В «Готово», [12] из 2\.$/)).toHaveCount(1);
    await expect(cardTitles(page, 'Готово')).toHaveCount(2);
    await expect(cardTitles(page, 'Нужно сделать')).toHaveText(['Один', 'Три']);
    await expect
      .poll(
        async () => titlesByColumn(await getBoardDetail(session.api, session.owner, boardId)).Готово?.length,
      )
      .toBe(2);
  });

  test('a column moves left with its grip and Ctrl+ArrowLeft, and the order survives a reload', async ({
    page,
  }) => {
    const { boardId } = await session.freshBoard('Колонки клавиатурой');
    await openBoard(page, session.owner, `/board/${boardId}`);

    await columnHandle(page, 'Готово').focus();
    await page.keyboard.press('Space');
    await expect(liveRegion(page, 'Колонка «Готово» взята. Место 3 из 3.')).toHaveCount(1);
    await page.keyboard.press('Control+ArrowLeft');
    await expect(liveRegion(page, /^Место 2 из 3\.$/)).toHaveCount(1);
    await page.keyboard.press('Space');
    await expect(liveRegion(page, 'Колонка опущена. Место 2 из 3.')).toHaveCount(1);
    const reordered = ['Нужно сделать', 'Готово', 'В работе'];
    await expect(columnNames(page)).toHaveText(reordered);
    await expect
      .poll(async () =>
        Object.keys(titlesByColumn(await getBoardDetail(session.api, session.owner, boardId))),
      )
      .toEqual(reordered);
    await page.reload();
    await expect(columnNames(page)).toHaveText(reordered);
  });
});
