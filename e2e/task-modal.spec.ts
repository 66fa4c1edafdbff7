// The task modal (SPEC 2 'Modals'): opened by URL and by a click, edits on the card, comments with
// links and markup, Escape back to the board with its filter.
import { expect, test } from '@playwright/test';
import {
  allCardTitles,
  cardTitled,
  createLabel,
  createTask,
  getBoardDetail,
  getTaskDetail,
  openBoard,
  taskPath,
} from './support/board-page';

import { boardSession } from './support/board-session';

const session = boardSession('Вера Доскина');

test.describe('the task modal', () => {
  test('a task opens by URL and by a click, and its edits show on the card', async ({ page }) => {
    const { boardId, todo } = await session.freshBoard('Редактирование задачи');
    const taskId = await createTask(session.api, session.owner, boardId, todo, 'Черновик задачи');
    const { tasks } = await getBoardDetail(session.api, session.owner, boardId);
    const number = tasks[taskId]?.number;

    // Straight by its address, which carries the number the card shows: the board underneath, the modal on top.
    await openBoard(page, session.owner, `/board/${boardId}/task/${number}`);
    const dialog = page.getByRole('dialog', { name: `Задача ${number}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Название')).toHaveValue('Черновик задачи');
    await dialog.getByRole('button', { name: 'Закрыть' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(`/board/${boardId}`);

    // By a click on the card.
    await cardTitled(page, 'Черновик задачи').getByRole('link').click();
    await expect(page).toHaveURL(`/board/${boardId}/task/${number}`);
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Название').fill('Подготовить демо для клиента');
    await dialog.getByLabel('Описание').fill('Показать фильтры и перетаскивание.');
    await dialog.getByLabel('Приоритет').selectOption({ label: 'Высокий' });
    await dialog.getByLabel('Оценка').fill('5');
    await dialog.getByRole('button', { name: 'Готово' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(`/board/${boardId}`);

    const card = cardTitled(page, 'Подготовить демо для клиента');
    await expect(card).toBeVisible();
    await expect(card.getByRole('img', { name: 'Высокий приоритет' })).toHaveAttribute(
      'title',
      'Высокий приоритет',
    );
    await expect(card.getByTitle('Оценка')).toHaveText('5');
    await expect(card.getByText('Есть описание')).toBeAttached();
    await expect(cardTitled(page, 'Черновик задачи')).toHaveCount(0);

    await page.reload();
    await expect(card.getByRole('img', { name: 'Высокий приоритет' })).toBeVisible();
    await expect(card.getByTitle('Оценка')).toHaveText('5');
    const detail = await getTaskDetail(session.api, session.owner, boardId, taskId);
    expect(detail).toMatchObject({
      title: 'Подготовить демо для клиента',
      description: 'Показать фильтры и перетаскивание.',
      priority: 'high',
      estimation: '5',
    });

    // The saved values are what the modal shows next time.
    await card.getByRole('link').click();
    await expect(dialog.getByLabel('Описание')).toHaveValue('Показать фильтры и перетаскивание.');
    await expect(dialog.getByLabel('Приоритет')).toHaveValue('high');
    await expect(dialog.getByLabel('Оценка')).toHaveValue('5');

    // A non-numeric estimation is refused with the server's error under the field.
    await dialog.getByLabel('Оценка').fill('много');
    await dialog.getByRole('button', { name: 'Готово' }).click();
    await expect(dialog.getByText('Оценка должна быть числом')).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test('comments turn links into links and show markup as text', async ({ page }) => {
    const { boardId, todo } = await session.freshBoard('Комментарии');
    const taskId = await createTask(session.api, session.owner, boardId, todo, 'Обсудить дизайн');
    await openBoard(page, session.owner, await taskPath(session.api, session.owner, boardId, taskId));
    const dialog = page.getByRole('dialog', { name: /^Задача/ });
    const comments = dialog.getByRole('region', { name: /Комментарии/ });
    await expect(comments.getByText('Пока никто ничего не написал.')).toBeVisible();

    // An empty comment: the server's error under the box.
    await comments.getByRole('button', { name: 'Отправить' }).click();
    await expect(comments.getByRole('alert')).toHaveText('Введите текст комментария');

    const box = comments.getByLabel('Новый комментарий');
    await box.fill('см. https://example.com/x');
    await comments.getByRole('button', { name: 'Отправить' }).click();
    await expect(box).toHaveValue('');
    const items = comments.getByRole('listitem');
    await expect(items).toHaveCount(1);
    const link = items.first().getByRole('link', { name: 'https://example.com/x' });
    await expect(link).toHaveAttribute('href', 'https://example.com/x');
    await expect(items.first()).toContainText('см. https://example.com/x');

    await box.fill('<b>жирный</b>');
    await comments.getByRole('button', { name: 'Отправить' }).click();
    await expect(items).toHaveCount(2);
    await expect(items.nth(1).getByText('<b>жирный</b>', { exact: true })).toBeVisible();
    await expect(items.nth(1).locator('b')).toHaveCount(0);

    // The card counts the comments.
    await expect(cardTitled(page, 'Обсудить дизайн').getByTitle('Комментарии')).toContainText('2');

    // The link opens (in a new tab).
    await expect(link).toHaveAttribute('target', '_blank');
    const detail = await getTaskDetail(session.api, session.owner, boardId, taskId);
    expect(detail.comments.map((comment) => comment.text)).toEqual([
      'см. https://example.com/x',
      '<b>жирный</b>',
    ]);
  });

  test('Escape closes the task and goes back to the board keeping the filter', async ({ page }) => {
    const { boardId, todo } = await session.freshBoard('Закрытие с фильтром');
    const labelId = await createLabel(session.api, session.owner, boardId, 'Срочно');
    const taskId = await createTask(session.api, session.owner, boardId, todo, 'Срочная задача', {
      labels: [labelId],
    });
    await createTask(session.api, session.owner, boardId, todo, 'Не срочная задача');

    const path = await taskPath(session.api, session.owner, boardId, taskId);
    await openBoard(page, session.owner, `${path}?label=${labelId}`);
    const dialog = page.getByRole('dialog', { name: /^Задача/ });
    await expect(dialog.getByLabel('Название')).toHaveValue('Срочная задача');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(`/board/${boardId}?label=${labelId}`);
    await expect(allCardTitles(page)).toHaveText(['Срочная задача']);

    // Opening from the filtered board keeps the query too.
    await cardTitled(page, 'Срочная задача').getByRole('link').click();
    await expect(page).toHaveURL(`${path}?label=${labelId}`);
    await dialog.getByRole('button', { name: 'Закрыть' }).click();
    await expect(page).toHaveURL(`/board/${boardId}?label=${labelId}`);
  });

  test('an address with a number the board has not shows the board and says so', async ({ page }) => {
    const { boardId, todo } = await session.freshBoard('Нет такой задачи');
    await createTask(session.api, session.owner, boardId, todo, 'Единственная задача');

    await openBoard(page, session.owner, `/board/${boardId}/task/999`);
    const dialog = page.getByRole('dialog', { name: 'Задача' });
    await expect(dialog.getByRole('alert')).toHaveText(
      'Задачи №999 на этой доске нет: она удалена или в ссылке ошибка.',
    );
    await expect(cardTitled(page, 'Единственная задача')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(`/board/${boardId}`);
  });

  test("the personal 'Номера задач' overrides the board's own style on the cards and survives a reload", async ({
    page,
  }) => {
    const { boardId, todo } = await session.freshBoard('Мои номера');
    await createTask(session.api, session.owner, boardId, todo, 'Первая');
    await openBoard(page, session.owner, `/board/${boardId}`);
    // The board's only card; its link's name takes the number once one shows.
    const link = page.locator('article[data-task-id]').getByRole('link');
    await expect(link).toHaveText('Первая');
    const select = page.getByLabel('Номера задач');
    await expect(select).toHaveValue('board');
    await select.selectOption({ label: '[12]' });
    await expect(link).toHaveText('[1]Первая');
    await page.reload();
    await expect(link).toHaveText('[1]Первая');
    await expect(page.getByLabel('Номера задач')).toHaveValue('square');
  });
});
