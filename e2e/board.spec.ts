// The board screen (SPEC 2 'Board screen'): columns and cards, the copied task link, card labels
// and the board menu on narrow screens. One account for the file; each test gets its own board.
import { expect, test } from '@playwright/test';
import {
  allCardTitles,
  cardTitled,
  cardTitles,
  columnNamed,
  columnNames,
  createTask,
  getBoardDetail,
  menuButton,
  openBoard,
  taskPath,
} from './support/board-page';

import { boardSession, DEFAULT_COLUMNS, pickChip } from './support/board-session';

const session = boardSession('Вера Доскина');

test.describe('columns and cards', () => {
  test('a column and a card are created from the board, the card lands at the column bottom', async ({
    page,
  }) => {
    const { boardId, todo } = await session.freshBoard('Создание колонок');
    await createTask(session.api, session.owner, boardId, todo, 'Собрать требования');
    await createTask(session.api, session.owner, boardId, todo, 'Оценить сроки');
    await openBoard(page, session.owner, `/board/${boardId}`);
    await expect(page).toHaveTitle('Создание колонок');
    await expect(columnNames(page)).toHaveText(DEFAULT_COLUMNS);

    await page.getByRole('button', { name: 'Создать новую колонку' }).click();
    await page.getByLabel('Название колонки').fill('На проверке');
    await page.getByRole('button', { name: 'Создать', exact: true }).click();
    await expect(columnNames(page)).toHaveText([...DEFAULT_COLUMNS, 'На проверке']);
    // The form stays open and empty for the next column; Escape closes it.
    await expect(page.getByLabel('Название колонки')).toHaveValue('');
    await page.getByLabel('Название колонки').press('Escape');
    await expect(page.getByLabel('Название колонки')).toHaveCount(0);

    const column = columnNamed(page, 'Нужно сделать');
    await column.getByRole('button', { name: '+ Добавить карточку' }).click();
    await column.getByLabel('Название карточки').fill('Согласовать макеты');
    await column.getByRole('button', { name: 'Добавить', exact: true }).click();
    await expect(cardTitles(page, 'Нужно сделать')).toHaveText([
      'Собрать требования',
      'Оценить сроки',
      'Согласовать макеты',
    ]);
    // The form stays open and empty for the next card; Escape closes it.
    await expect(column.getByLabel('Название карточки')).toHaveValue('');
    await column.getByLabel('Название карточки').press('Escape');
    await expect(column.getByLabel('Название карточки')).toHaveCount(0);

    // The new column takes cards too.
    const review = columnNamed(page, 'На проверке');
    await review.getByRole('button', { name: '+ Добавить карточку' }).click();
    await review.getByLabel('Название карточки').fill('Проверить вёрстку');
    await review.getByLabel('Название карточки').press('Enter');
    await expect(cardTitles(page, 'На проверке')).toHaveText(['Проверить вёрстку']);

    await page.reload();
    await expect(columnNames(page)).toHaveText([...DEFAULT_COLUMNS, 'На проверке']);
    await expect(cardTitles(page, 'Нужно сделать')).toHaveText([
      'Собрать требования',
      'Оценить сроки',
      'Согласовать макеты',
    ]);
    await session.expectScreenMatchesApi(page, boardId);
  });

  test("an empty card title shows the server's error under the input and creates nothing", async ({
    page,
  }) => {
    const { boardId } = await session.freshBoard('Пустые названия');
    await openBoard(page, session.owner, `/board/${boardId}`);

    const column = columnNamed(page, 'В работе');
    await column.getByRole('button', { name: '+ Добавить карточку' }).click();
    const input = column.getByLabel('Название карточки');
    await column.getByRole('button', { name: 'Добавить', exact: true }).click();
    const error = column.getByRole('alert');
    await expect(error).toHaveText('Введите название задачи');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Введите название задачи');

    // Spaces only: trimmed by the server to nothing, the same error.
    await input.fill('   ');
    await expect(error).toHaveCount(0);
    await column.getByRole('button', { name: 'Добавить', exact: true }).click();
    await expect(error).toHaveText('Введите название задачи');

    await expect(allCardTitles(page)).toHaveCount(0);
    const detail = await getBoardDetail(session.api, session.owner, boardId);
    expect(Object.keys(detail.tasks)).toEqual([]);

    // Cancel closes the form; opening it again starts clean.
    await column.getByRole('button', { name: 'Отмена' }).click();
    await expect(input).toHaveCount(0);
    await column.getByRole('button', { name: '+ Добавить карточку' }).click();
    await expect(column.getByLabel('Название карточки')).toHaveValue('');
    await expect(error).toHaveCount(0);
  });
});

test.describe('cards', () => {
  test('"Скопировать ссылку на задачу" copies the absolute task address', async ({ page, context }) => {
    const { boardId, doing } = await session.freshBoard('Ссылки на задачи');
    const taskId = await createTask(session.api, session.owner, boardId, doing, 'Поделиться задачей');
    const origin = new URL(test.info().project.use.baseURL as string).origin;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await openBoard(page, session.owner, `/board/${boardId}`);

    const card = cardTitled(page, 'Поделиться задачей');
    await card.hover();
    await card.getByRole('button', { name: 'Скопировать ссылку на задачу' }).click();
    await expect(card.getByRole('status')).toHaveText('Скопировано');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${origin}${await taskPath(session.api, session.owner, boardId, taskId)}`,
    );
    // Copying does not open the task.
    await expect(page).toHaveURL(`/board/${boardId}`);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a label is created in Метки, put on a card, and its expanded state survives a reload', async ({
    page,
  }) => {
    const { boardId, todo } = await session.freshBoard('Метки на карточках');
    await createTask(session.api, session.owner, boardId, todo, 'Размеченная задача');
    await openBoard(page, session.owner, `/board/${boardId}`);
    await expect(menuButton(page, 'Метки')).toHaveText('Метки 0');

    await menuButton(page, 'Метки').click();
    const labels = page.getByRole('dialog', { name: 'Метки' });
    await expect(labels.getByText(/Меток пока нет/)).toBeVisible();
    // An empty (or blank) title does nothing.
    let labelRequests = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/label/')) labelRequests += 1;
    });
    await labels.getByRole('button', { name: 'Добавить' }).click();
    await labels.getByLabel('Название новой метки').fill('   ');
    await labels.getByLabel('Название новой метки').press('Enter');
    await expect(labels.getByText(/Меток пока нет/)).toBeVisible();
    await expect(labels.getByRole('alert')).toHaveCount(0);
    expect((await getBoardDetail(session.api, session.owner, boardId)).labels).toEqual([]);
    expect(labelRequests).toBe(0);

    await labels.getByLabel('Название новой метки').fill('Срочно');
    await labels.getByRole('button', { name: 'Добавить' }).click();
    await expect(labels.getByRole('list', { name: 'Метки доски' })).toContainText('Срочно');
    await expect(labels.getByLabel('Название новой метки')).toHaveValue('');
    await expect(menuButton(page, 'Метки')).toHaveText('Метки 1');
    await page.keyboard.press('Escape');
    await expect(labels).toHaveCount(0);

    await cardTitled(page, 'Размеченная задача').getByRole('link').click();
    const task = page.getByRole('dialog', { name: /^Задача/ });
    await pickChip(task.getByRole('group', { name: 'Метки' }), 'Срочно');
    await task.getByRole('button', { name: 'Готово' }).click();
    await expect(task).toHaveCount(0);

    const card = cardTitled(page, 'Размеченная задача');
    const chips = card.getByRole('button', { name: /^Метки: Срочно/ });
    await expect(chips).toHaveAttribute('aria-pressed', 'false');
    await expect(chips).toHaveAccessibleName('Метки: Срочно. Развернуть');
    await expect(card.getByText('Срочно', { exact: true })).toHaveCount(0);

    await chips.click();
    await expect(chips).toHaveAttribute('aria-pressed', 'true');
    await expect(card.getByText('Срочно', { exact: true })).toBeVisible();
    // The click toggles the labels, it does not open the task.
    await expect(page).toHaveURL(`/board/${boardId}`);
    expect(await page.evaluate(() => localStorage.getItem('isLabelOpen'))).toBe('true');

    await page.reload();
    await expect(chips).toHaveAttribute('aria-pressed', 'true');
    await expect(card.getByText('Срочно', { exact: true })).toBeVisible();

    await chips.click();
    await expect(chips).toHaveAttribute('aria-pressed', 'false');
    await expect(card.getByText('Срочно', { exact: true })).toHaveCount(0);
    await page.reload();
    await expect(chips).toHaveAttribute('aria-pressed', 'false');
    expect(await page.evaluate(() => localStorage.getItem('isLabelOpen'))).toBe('false');
  });
});

test.describe('narrow screens', () => {
  test('under 720px the board menu moves into the burger panel and leaves it with the board', async ({
    page,
  }) => {
    const { boardId } = await session.freshBoard('Узкий экран');
    await page.setViewportSize({ width: 600, height: 800 });
    await openBoard(page, session.owner, `/board/${boardId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Узкий экран' })).toBeVisible();
    await expect(page.locator('.bv-menu').getByRole('navigation', { name: 'Меню доски' })).toBeHidden();

    const header = page.locator('header');
    const panel = page.getByRole('complementary', { name: 'Меню' });
    await header.getByRole('button', { name: 'Меню' }).click();
    await expect(panel.getByRole('button', { name: /^Участники 1/ })).toBeVisible();
    await panel.getByRole('button', { name: /^Метки/ }).click();
    await expect(panel).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Метки' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await header.getByRole('link', { name: /на главную/ }).click();
    await expect(page).toHaveURL(/\/$/);
    await header.getByRole('button', { name: 'Меню' }).click();
    await expect(panel.getByRole('link', { name: 'Настройки' })).toBeVisible();
    await expect(panel.getByRole('navigation', { name: 'Меню доски' })).toHaveCount(0);
  });
});
