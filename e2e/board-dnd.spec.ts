// Drag and drop on the board (SPEC 4 'Drag and drop'): cards by mouse and keyboard, across columns
// and off-screen columns, and column reordering; every order survives a reload.
import { expect, test } from '@playwright/test';
import {
  authHeaders,
  boardColumns,
  cardHandle,
  cardTitled,
  cardTitles,
  columnHandle,
  columnNamed,
  columnNames,
  createTask,
  dragAndDropAttached,
  dragWithMouse,
  getBoardDetail,
  openBoard,
  titlesByColumn,
} from './support/board-page';

import { boardSession } from './support/board-session';

const session = boardSession('Вера Доскина');

test.describe('drag and drop', () => {
  test('a card dragged with the mouse to another column stays there after a reload', async ({ page }) => {
    const { boardId, todo, doing } = await session.freshBoard('Перетаскивание мышью');
    await createTask(session.api, session.owner, boardId, todo, 'Написать тесты');
    await createTask(session.api, session.owner, boardId, todo, 'Обновить зависимости');
    await createTask(session.api, session.owner, boardId, doing, 'Починить сборку');
    await openBoard(page, session.owner, `/board/${boardId}`);
    await expect(cardTitles(page, 'В работе')).toHaveText(['Починить сборку']);

    // Dropped on the column's bottom zone (its add-card footer): the card goes last.
    await dragWithMouse(
      page,
      cardTitled(page, 'Написать тесты'),
      columnNamed(page, 'В работе').getByRole('button', { name: '+ Добавить карточку' }),
    );
    await expect(cardTitles(page, 'В работе')).toHaveText(['Починить сборку', 'Написать тесты']);
    await expect(cardTitles(page, 'Нужно сделать')).toHaveText(['Обновить зависимости']);
    // A drag is not a click: the card did not open.
    await expect(page).toHaveURL(`/board/${boardId}`);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Dropped on the top of a column (its header zone): the card goes first.
    await dragWithMouse(page, cardTitled(page, 'Обновить зависимости'), columnHandle(page, 'Готово'));
    await expect(cardTitles(page, 'Готово')).toHaveText(['Обновить зависимости']);

    await expect
      .poll(async () => titlesByColumn(await getBoardDetail(session.api, session.owner, boardId)))
      .toEqual({
        'Нужно сделать': [],
        'В работе': ['Починить сборку', 'Написать тесты'],
        Готово: ['Обновить зависимости'],
      });
    await page.reload();
    await expect(cardTitles(page, 'В работе')).toHaveText(['Починить сборку', 'Написать тесты']);
    await expect(cardTitles(page, 'Готово')).toHaveText(['Обновить зависимости']);
    await expect(cardTitles(page, 'Нужно сделать')).toHaveCount(0);
  });

  test('a card dragged to the right edge scrolls the board and lands in a column that was off screen', async ({
    page,
  }) => {
    const { boardId, todo } = await session.freshBoard('Дальняя колонка');
    const extra = ['Ревью', 'Тестирование', 'Выкладка', 'Наблюдение', 'Архив'];
    for (const name of extra) {
      const res = await session.api.post('/api/column', {
        headers: authHeaders(session.owner),
        data: { boardId, name },
      });
      expect(res.status()).toBe(200);
    }
    await createTask(session.api, session.owner, boardId, todo, 'Уехать далеко');
    await page.setViewportSize({ width: 1000, height: 700 });
    await openBoard(page, session.owner, `/board/${boardId}`);
    const far = columnNamed(page, 'Архив');
    await expect(far).not.toBeInViewport();

    // Held near the right edge while dragging, the pointer makes the board scroll until the far column
    // is under it; there the card is dropped on the column's add-card footer.
    const card = await cardTitled(page, 'Уехать далеко').boundingBox();
    if (!card) throw new Error('the card is not on screen');
    await page.mouse.move(card.x + card.width / 2, card.y + 20);
    await page.mouse.down();
    await page.mouse.move(card.x + card.width / 2 + 5, card.y + 25, { steps: 3 });
    await page.mouse.move(985, 300, { steps: 15 });
    await expect(far).toBeInViewport({ ratio: 0.9, timeout: 10_000 });
    const footer = await far.getByRole('button', { name: '+ Добавить карточку' }).boundingBox();
    if (!footer) throw new Error('the far column has no footer on screen');
    await page.mouse.move(footer.x + footer.width / 2, footer.y + footer.height / 2, { steps: 10 });
    await page.mouse.move(footer.x + footer.width / 2 + 1, footer.y + footer.height / 2 + 1, { steps: 2 });
    await page.mouse.up();

    await expect(cardTitles(page, 'Архив')).toHaveText(['Уехать далеко']);
    await expect
      .poll(async () => titlesByColumn(await getBoardDetail(session.api, session.owner, boardId)).Архив)
      .toEqual(['Уехать далеко']);
    await expect(cardTitles(page, 'Нужно сделать')).toHaveCount(0);
  });

  test('a card moved with the keyboard (Space, arrows, Space) stays in its new column', async ({ page }) => {
    const { boardId, todo, doing } = await session.freshBoard('Перетаскивание клавиатурой');
    await createTask(session.api, session.owner, boardId, todo, 'Сделать доступным');
    await createTask(session.api, session.owner, boardId, doing, 'Уже в работе');
    await openBoard(page, session.owner, `/board/${boardId}`);

    const handle = cardHandle(page, 'Сделать доступным');
    await expect(handle).toHaveAccessibleDescription(/Пробел берёт карточку/);
    await handle.focus();
    await expect(handle).toBeFocused();
    await page.keyboard.press('Space');
    // Columns are 300 px wide with 12 px between them; each arrow moves the card 25 px.
    for (let i = 0; i < 13; i += 1) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');

    await expect(cardTitles(page, 'Нужно сделать')).toHaveCount(0);
    await expect(cardTitles(page, 'В работе')).toHaveText(['Уже в работе', 'Сделать доступным']);
    // Screen readers hear the drop; the card did not open either.
    const announcement = page
      .getByRole('status')
      .filter({ hasText: /^Карточка опущена\. В «В работе», 2 из 2\.$/ });
    await expect(announcement).toHaveCount(1);
    await expect(page).toHaveURL(`/board/${boardId}`);

    await expect
      .poll(async () => titlesByColumn(await getBoardDetail(session.api, session.owner, boardId))['В работе'])
      .toEqual(['Уже в работе', 'Сделать доступным']);
    await page.reload();
    await expect(cardTitles(page, 'В работе')).toHaveText(['Уже в работе', 'Сделать доступным']);
    await expect(cardTitles(page, 'Нужно сделать')).toHaveCount(0);
    await dragAndDropAttached(page);

    // Escape cancels a keyboard drag: nothing moves.
    const again = cardHandle(page, 'Сделать доступным');
    await again.focus();
    await page.keyboard.press('Space');
    for (let i = 0; i < 13; i += 1) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('status').filter({ hasText: 'Перетаскивание отменено.' })).toHaveCount(1);
    await expect(cardTitles(page, 'В работе')).toHaveText(['Уже в работе', 'Сделать доступным']);
    await expect(cardTitles(page, 'Готово')).toHaveCount(0);
    expect(titlesByColumn(await getBoardDetail(session.api, session.owner, boardId))).toEqual({
      'Нужно сделать': [],
      'В работе': ['Уже в работе', 'Сделать доступным'],
      Готово: [],
    });
  });

  test('columns reorder by dragging a column header, and the order survives a reload', async ({ page }) => {
    const { boardId, done } = await session.freshBoard('Порядок колонок');
    await createTask(session.api, session.owner, boardId, done, 'Выпустить релиз');
    await openBoard(page, session.owner, `/board/${boardId}`);

    await dragWithMouse(page, columnHandle(page, 'Готово'), columnHandle(page, 'Нужно сделать'), {
      steps: 30,
    });
    const reordered = ['Готово', 'Нужно сделать', 'В работе'];
    await expect(columnNames(page)).toHaveText(reordered);
    // The cards travel with their column.
    await expect(cardTitles(page, 'Готово')).toHaveText(['Выпустить релиз']);

    await expect
      .poll(async () => {
        const detail = await getBoardDetail(session.api, session.owner, boardId);
        return detail.columnOrder.map((id) => detail.columns[id]?.name);
      })
      .toEqual(reordered);
    await page.reload();
    await expect(columnNames(page)).toHaveText(reordered);
    await expect(boardColumns(page).first()).toContainText('Выпустить релиз');
  });
});
