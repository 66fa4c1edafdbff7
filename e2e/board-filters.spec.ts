// Board filters (SPEC 2 'Board screen'): the Фильтр modal and filters given in the URL.
import { expect, test } from '@playwright/test';
import {
  allCardTitles,
  createLabel,
  createTask,
  editTask,
  menuButton,
  openBoard,
} from './support/board-page';

import { boardSession, pickChip } from './support/board-session';

const session = boardSession('Вера Доскина');

test.describe('filters', () => {
  test('the Фильтр modal filters by label and search, counts the values and resets', async ({ page }) => {
    const { boardId, todo, doing } = await session.freshBoard('Фильтры');
    const bug = await createLabel(session.api, session.owner, boardId, 'Баг', '#c62828');
    const front = await createLabel(session.api, session.owner, boardId, 'Фронтенд', '#1565c0');
    await createTask(session.api, session.owner, boardId, todo, 'Починить вход', { labels: [bug] });
    await createTask(session.api, session.owner, boardId, doing, 'Сверстать шапку', { labels: [front] });
    await createTask(session.api, session.owner, boardId, doing, 'Починить шапку', { labels: [bug, front] });
    const report = await createTask(session.api, session.owner, boardId, todo, 'Подготовить итоги');
    await editTask(session.api, session.owner, boardId, report, {
      title: 'Подготовить итоги',
      columnId: todo,
      description: 'Квартальный ОТЧЁТ для правления',
    });
    const all = ['Починить вход', 'Подготовить итоги', 'Сверстать шапку', 'Починить шапку'];

    await openBoard(page, session.owner, `/board/${boardId}`);
    const filterButton = menuButton(page, 'Фильтр');
    await expect(filterButton).toHaveText('Фильтр 0');
    await expect(allCardTitles(page)).toHaveText(all);

    await filterButton.click();
    const dialog = page.getByRole('dialog', { name: 'Фильтр по задачам' });
    await pickChip(dialog.getByRole('group', { name: 'Метки' }), 'Баг');
    await dialog.getByRole('button', { name: 'Применить' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(`/board/${boardId}?label=${bug}`);
    await expect(allCardTitles(page)).toHaveText(['Починить вход', 'Починить шапку']);
    await expect(filterButton).toHaveText('Фильтр 1');

    // Search and label together (AND across keys); the modal opens with the current filter.
    await filterButton.click();
    await expect(dialog.getByRole('group', { name: 'Метки' }).getByLabel('Баг')).toBeChecked();
    await dialog.getByLabel('Поиск по названию или описанию').fill('шапку');
    await dialog.getByRole('button', { name: 'Применить' }).click();
    await expect(allCardTitles(page)).toHaveText(['Починить шапку']);
    await expect(filterButton).toHaveText('Фильтр 2');
    expect(new URL(page.url()).searchParams.getAll('search')).toEqual(['шапку']);

    // Filters survive a reload (they are the URL).
    await page.reload();
    await expect(allCardTitles(page)).toHaveText(['Починить шапку']);
    await expect(filterButton).toHaveText('Фильтр 2');

    await filterButton.click();
    await expect(dialog.getByLabel('Поиск по названию или описанию')).toHaveValue('шапку');
    await dialog.getByRole('button', { name: 'Сбросить' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(`/board/${boardId}`);
    await expect(allCardTitles(page)).toHaveText(all);
    await expect(filterButton).toHaveText('Фильтр 0');
  });

  test('filters given in the URL show only matching cards', async ({ page }) => {
    const { boardId, todo } = await session.freshBoard('Фильтры в адресе');
    const bug = await createLabel(session.api, session.owner, boardId, 'Баг');
    const design = await createLabel(session.api, session.owner, boardId, 'Дизайн');
    await createTask(session.api, session.owner, boardId, todo, 'Ошибка в форме', { labels: [bug] });
    await createTask(session.api, session.owner, boardId, todo, 'Новые иконки', { labels: [design] });
    const plain = await createTask(session.api, session.owner, boardId, todo, 'Подготовить итоги');
    await editTask(session.api, session.owner, boardId, plain, {
      title: 'Подготовить итоги',
      columnId: todo,
      description: 'Квартальный ОТЧЁТ для правления',
    });

    // Search matches the description too, ignoring case.
    await openBoard(page, session.owner, `/board/${boardId}?search=${encodeURIComponent('отчёт')}`);
    await expect(allCardTitles(page)).toHaveText(['Подготовить итоги']);
    await expect(menuButton(page, 'Фильтр')).toHaveText('Фильтр 1');

    await page.goto(`/board/${boardId}?search=${encodeURIComponent('ФОРМЕ')}`);
    await expect(allCardTitles(page)).toHaveText(['Ошибка в форме']);

    // Repeated label values: either label (OR within a key).
    await page.goto(`/board/${boardId}?label=${bug}&label=${design}`);
    await expect(allCardTitles(page)).toHaveText(['Ошибка в форме', 'Новые иконки']);
    await expect(menuButton(page, 'Фильтр')).toHaveText('Фильтр 2');

    await page.goto(`/board/${boardId}?label=${design}`);
    await expect(allCardTitles(page)).toHaveText(['Новые иконки']);
    await expect(menuButton(page, 'Фильтр')).toHaveText('Фильтр 1');
    await menuButton(page, 'Фильтр').click();
    const dialog = page.getByRole('dialog', { name: 'Фильтр по задачам' });
    await expect(dialog.getByRole('group', { name: 'Метки' }).getByLabel('Дизайн')).toBeChecked();
    await expect(dialog.getByRole('group', { name: 'Метки' }).getByLabel('Баг')).not.toBeChecked();
  });
});
