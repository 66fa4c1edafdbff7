// The board screen (SPEC 2 'Board screen' and 'Modals'): columns, cards, drag and drop, the task modal
// with comments, filters in the URL, the copied task link and card labels. One account for the file;
// each test gets its own board, seeded through the API where the UI is not the point.
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { type Account, registerAccount } from './support/accounts';
import {
  allCardTitles,
  authHeaders,
  boardColumns,
  cardHandle,
  cardTitled,
  cardTitles,
  columnHandle,
  columnIdOf,
  columnNamed,
  columnNames,
  createLabel,
  createTask,
  dragWithMouse,
  editTask,
  getBoardDetail,
  getTaskDetail,
  menuButton,
  openBoard,
  titlesByColumn,
} from './support/board-page';
import { createBoard } from './support/boards';

const DEFAULT_COLUMNS = ['Нужно сделать', 'В работе', 'Готово'];

let api: APIRequestContext;
let owner: Account;

test.beforeAll(async ({ playwright }) => {
  api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL as string });
  owner = await registerAccount(api, 'Вера Доскина');
});

test.afterAll(async () => {
  await api.dispose();
});

/** A fresh board of the shared account with its three default columns; returns its id and columns. */
async function freshBoard(name: string) {
  const boardId = await createBoard(api, owner, name);
  const detail = await getBoardDetail(api, owner, boardId);
  const [todo, doing, done] = DEFAULT_COLUMNS.map((column) => columnIdOf(detail, column)) as [
    string,
    string,
    string,
  ];
  return { boardId, todo, doing, done };
}

/**
 * Ticks an option of a multi-select: the user clicks the chip (its checkbox is visually hidden and
 * takes no pointer events), and the checkbox inside gets checked.
 */
async function pickChip(group: Locator, option: string) {
  await group.getByText(option, { exact: true }).click();
  await expect(group.getByRole('checkbox', { name: option, exact: true })).toBeChecked();
}

/** Every column's card titles on screen equal what the API holds. */
async function expectScreenMatchesApi(page: Page, boardId: number) {
  const expected = titlesByColumn(await getBoardDetail(api, owner, boardId));
  await expect(columnNames(page)).toHaveText(Object.keys(expected));
  for (const [name, titles] of Object.entries(expected)) {
    await expect(cardTitles(page, name)).toHaveText(titles);
  }
}

test.describe('columns and cards', () => {
  test('a column and a card are created from the board, the card lands at the column bottom', async ({
    page,
  }) => {
    const { boardId, todo } = await freshBoard('Создание колонок');
    await createTask(api, owner, boardId, todo, 'Собрать требования');
    await createTask(api, owner, boardId, todo, 'Оценить сроки');
    await openBoard(page, owner, `/board/${boardId}`);
    await expect(page).toHaveTitle('Создание колонок');
    await expect(columnNames(page)).toHaveText(DEFAULT_COLUMNS);

    await page.getByRole('button', { name: 'Создать новую колонку' }).click();
    await page.getByLabel('Название колонки').fill('На проверке');
    await page.getByRole('button', { name: 'Создать', exact: true }).click();
    await expect(columnNames(page)).toHaveText([...DEFAULT_COLUMNS, 'На проверке']);
    // The form closes after a successful create.
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
    await expectScreenMatchesApi(page, boardId);
  });

  test("an empty card title shows the server's error under the input and creates nothing", async ({
    page,
  }) => {
    const { boardId } = await freshBoard('Пустые названия');
    await openBoard(page, owner, `/board/${boardId}`);

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
    const detail = await getBoardDetail(api, owner, boardId);
    expect(Object.keys(detail.tasks)).toEqual([]);

    // Cancel closes the form; opening it again starts clean.
    await column.getByRole('button', { name: 'Отмена' }).click();
    await expect(input).toHaveCount(0);
    await column.getByRole('button', { name: '+ Добавить карточку' }).click();
    await expect(column.getByLabel('Название карточки')).toHaveValue('');
    await expect(error).toHaveCount(0);
  });
});

test.describe('drag and drop', () => {
  test('a card dragged with the mouse to another column stays there after a reload', async ({ page }) => {
    const { boardId, todo, doing } = await freshBoard('Перетаскивание мышью');
    await createTask(api, owner, boardId, todo, 'Написать тесты');
    await createTask(api, owner, boardId, todo, 'Обновить зависимости');
    await createTask(api, owner, boardId, doing, 'Починить сборку');
    await openBoard(page, owner, `/board/${boardId}`);
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
      .poll(async () => titlesByColumn(await getBoardDetail(api, owner, boardId)))
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
    const { boardId, todo } = await freshBoard('Дальняя колонка');
    const extra = ['Ревью', 'Тестирование', 'Выкладка', 'Наблюдение', 'Архив'];
    for (const name of extra) {
      const res = await api.post('/api/column', { headers: authHeaders(owner), data: { boardId, name } });
      expect(res.status()).toBe(200);
    }
    await createTask(api, owner, boardId, todo, 'Уехать далеко');
    await page.setViewportSize({ width: 1000, height: 700 });
    await openBoard(page, owner, `/board/${boardId}`);
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
      .poll(async () => titlesByColumn(await getBoardDetail(api, owner, boardId)).Архив)
      .toEqual(['Уехать далеко']);
    await expect(cardTitles(page, 'Нужно сделать')).toHaveCount(0);
  });

  test('a card moved with the keyboard (Space, arrows, Space) stays in its new column', async ({ page }) => {
    const { boardId, todo, doing } = await freshBoard('Перетаскивание клавиатурой');
    await createTask(api, owner, boardId, todo, 'Сделать доступным');
    await createTask(api, owner, boardId, doing, 'Уже в работе');
    await openBoard(page, owner, `/board/${boardId}`);

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
    const announcement = page.getByRole('status').filter({ hasText: /^Перемещено\.$/ });
    await expect(announcement).toHaveCount(1);
    await expect(page).toHaveURL(`/board/${boardId}`);

    await expect
      .poll(async () => titlesByColumn(await getBoardDetail(api, owner, boardId))['В работе'])
      .toEqual(['Уже в работе', 'Сделать доступным']);
    await page.reload();
    await expect(cardTitles(page, 'В работе')).toHaveText(['Уже в работе', 'Сделать доступным']);
    await expect(cardTitles(page, 'Нужно сделать')).toHaveCount(0);

    // Escape cancels a keyboard drag: nothing moves.
    const again = cardHandle(page, 'Сделать доступным');
    await again.focus();
    await page.keyboard.press('Space');
    for (let i = 0; i < 13; i += 1) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('status').filter({ hasText: 'Перетаскивание отменено.' })).toHaveCount(1);
    await expect(cardTitles(page, 'В работе')).toHaveText(['Уже в работе', 'Сделать доступным']);
    await expect(cardTitles(page, 'Готово')).toHaveCount(0);
    expect(titlesByColumn(await getBoardDetail(api, owner, boardId))).toEqual({
      'Нужно сделать': [],
      'В работе': ['Уже в работе', 'Сделать доступным'],
      Готово: [],
    });
  });

  test('columns reorder by dragging a column header, and the order survives a reload', async ({ page }) => {
    const { boardId, done } = await freshBoard('Порядок колонок');
    await createTask(api, owner, boardId, done, 'Выпустить релиз');
    await openBoard(page, owner, `/board/${boardId}`);

    await dragWithMouse(page, columnHandle(page, 'Готово'), columnHandle(page, 'Нужно сделать'), {
      steps: 30,
    });
    const reordered = ['Готово', 'Нужно сделать', 'В работе'];
    await expect(columnNames(page)).toHaveText(reordered);
    // The cards travel with their column.
    await expect(cardTitles(page, 'Готово')).toHaveText(['Выпустить релиз']);

    await expect
      .poll(async () => {
        const detail = await getBoardDetail(api, owner, boardId);
        return detail.columnOrder.map((id) => detail.columns[id]?.name);
      })
      .toEqual(reordered);
    await page.reload();
    await expect(columnNames(page)).toHaveText(reordered);
    await expect(boardColumns(page).first()).toContainText('Выпустить релиз');
  });
});

test.describe('the task modal', () => {
  test('a task opens by URL and by a click, and its edits show on the card', async ({ page }) => {
    const { boardId, todo } = await freshBoard('Редактирование задачи');
    const taskId = await createTask(api, owner, boardId, todo, 'Черновик задачи');
    const { tasks } = await getBoardDetail(api, owner, boardId);
    const number = tasks[taskId]?.number;

    // Straight by its address: the board underneath, the modal on top.
    await openBoard(page, owner, `/board/${boardId}/task/${taskId}`);
    const dialog = page.getByRole('dialog', { name: `Задача ${number}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Название')).toHaveValue('Черновик задачи');
    await dialog.getByRole('button', { name: 'Закрыть' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(`/board/${boardId}`);

    // By a click on the card.
    await cardTitled(page, 'Черновик задачи').getByRole('link').click();
    await expect(page).toHaveURL(`/board/${boardId}/task/${taskId}`);
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Название').fill('Подготовить демо для клиента');
    await dialog.getByLabel('Описание').fill('Показать фильтры и перетаскивание.');
    await dialog.getByLabel('Приоритет').selectOption({ label: 'Высокий' });
    await dialog.getByLabel('Оценка').fill('5');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
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
    const detail = await getTaskDetail(api, owner, boardId, taskId);
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
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await expect(dialog.getByText('Оценка должна быть числом')).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test('comments turn links into links and show markup as text', async ({ page }) => {
    const { boardId, todo } = await freshBoard('Комментарии');
    const taskId = await createTask(api, owner, boardId, todo, 'Обсудить дизайн');
    await openBoard(page, owner, `/board/${boardId}/task/${taskId}`);
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
    const detail = await getTaskDetail(api, owner, boardId, taskId);
    expect(detail.comments.map((comment) => comment.text)).toEqual([
      'см. https://example.com/x',
      '<b>жирный</b>',
    ]);
  });

  test('Escape closes the task and goes back to the board keeping the filter', async ({ page }) => {
    const { boardId, todo } = await freshBoard('Закрытие с фильтром');
    const labelId = await createLabel(api, owner, boardId, 'Срочно');
    const taskId = await createTask(api, owner, boardId, todo, 'Срочная задача', { labels: [labelId] });
    await createTask(api, owner, boardId, todo, 'Не срочная задача');

    await openBoard(page, owner, `/board/${boardId}/task/${taskId}?label=${labelId}`);
    const dialog = page.getByRole('dialog', { name: /^Задача/ });
    await expect(dialog.getByLabel('Название')).toHaveValue('Срочная задача');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(`/board/${boardId}?label=${labelId}`);
    await expect(allCardTitles(page)).toHaveText(['Срочная задача']);

    // Opening from the filtered board keeps the query too.
    await cardTitled(page, 'Срочная задача').getByRole('link').click();
    await expect(page).toHaveURL(`/board/${boardId}/task/${taskId}?label=${labelId}`);
    await dialog.getByRole('button', { name: 'Закрыть' }).click();
    await expect(page).toHaveURL(`/board/${boardId}?label=${labelId}`);
  });
});

test.describe('filters', () => {
  test('the Фильтр modal filters by label and search, counts the values and resets', async ({ page }) => {
    const { boardId, todo, doing } = await freshBoard('Фильтры');
    const bug = await createLabel(api, owner, boardId, 'Баг', '#c62828');
    const front = await createLabel(api, owner, boardId, 'Фронтенд', '#1565c0');
    await createTask(api, owner, boardId, todo, 'Починить вход', { labels: [bug] });
    await createTask(api, owner, boardId, doing, 'Сверстать шапку', { labels: [front] });
    await createTask(api, owner, boardId, doing, 'Починить шапку', { labels: [bug, front] });
    const report = await createTask(api, owner, boardId, todo, 'Подготовить итоги');
    await editTask(api, owner, boardId, report, {
      title: 'Подготовить итоги',
      columnId: todo,
      description: 'Квартальный ОТЧЁТ для правления',
    });
    const all = ['Починить вход', 'Подготовить итоги', 'Сверстать шапку', 'Починить шапку'];

    await openBoard(page, owner, `/board/${boardId}`);
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
    const { boardId, todo } = await freshBoard('Фильтры в адресе');
    const bug = await createLabel(api, owner, boardId, 'Баг');
    const design = await createLabel(api, owner, boardId, 'Дизайн');
    await createTask(api, owner, boardId, todo, 'Ошибка в форме', { labels: [bug] });
    await createTask(api, owner, boardId, todo, 'Новые иконки', { labels: [design] });
    const plain = await createTask(api, owner, boardId, todo, 'Подготовить итоги');
    await editTask(api, owner, boardId, plain, {
      title: 'Подготовить итоги',
      columnId: todo,
      description: 'Квартальный ОТЧЁТ для правления',
    });

    // Search matches the description too, ignoring case.
    await openBoard(page, owner, `/board/${boardId}?search=${encodeURIComponent('отчёт')}`);
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

test.describe('cards', () => {
  test('"Скопировать ссылку на задачу" copies the absolute task address', async ({ page, context }) => {
    const { boardId, doing } = await freshBoard('Ссылки на задачи');
    const taskId = await createTask(api, owner, boardId, doing, 'Поделиться задачей');
    const origin = new URL(test.info().project.use.baseURL as string).origin;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await openBoard(page, owner, `/board/${boardId}`);

    const card = cardTitled(page, 'Поделиться задачей');
    await card.hover();
    await card.getByRole('button', { name: 'Скопировать ссылку на задачу' }).click();
    await expect(card.getByRole('status')).toHaveText('Скопировано');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${origin}/board/${boardId}/task/${taskId}`,
    );
    // Copying does not open the task.
    await expect(page).toHaveURL(`/board/${boardId}`);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a label is created in Метки, put on a card, and its expanded state survives a reload', async ({
    page,
  }) => {
    const { boardId, todo } = await freshBoard('Метки на карточках');
    await createTask(api, owner, boardId, todo, 'Размеченная задача');
    await openBoard(page, owner, `/board/${boardId}`);
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
    expect((await getBoardDetail(api, owner, boardId)).labels).toEqual([]);
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
    await task.getByRole('button', { name: 'Сохранить' }).click();
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
    const { boardId } = await freshBoard('Узкий экран');
    await page.setViewportSize({ width: 600, height: 800 });
    await openBoard(page, owner, `/board/${boardId}`);
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
