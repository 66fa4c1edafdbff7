// 'Импорт' on 'Мои доски': a Trello export (built with the API tests' builder) is described before
// anything is written, its member is mapped to a registered user's e-mail, the import runs with its
// progress bar to the summary, and 'Открыть доску' shows the new board.
import { expect, test } from '@playwright/test';
import { addCard, addChecklist, addList, addMember, trelloBoard } from '../api/test/trello';
import { registerAccount, signIn } from './support/accounts';
import { authHeaders, cardTitled, columnNames } from './support/board-page';

/** GET /api/import/{id}: the job's reads (not the preview, not the start). */
const JOB_READ = /\/api\/import\/[0-9a-f-]{36}$/;

test('a Trello export is imported through the dialog, its member invited, and the board opened', async ({
  page,
  request,
}) => {
  const [owner, anna] = await Promise.all([
    registerAccount(request, 'Ирина Импортова'),
    registerAccount(request, 'Анна Петрова'),
  ]);
  const trello = trelloBoard('Переезд из Trello');
  const annaInTrello = addMember(trello, 'Анна Петрова');
  const todo = addList(trello, 'Нужно сделать', 100);
  const done = addList(trello, 'Готово', 200);
  addList(trello, 'Старое', 300, true);
  const boxes = addCard(trello, todo, 'Собрать коробки', { idMembers: [annaInTrello] });
  addChecklist(trello, boxes, 'Шаги', [
    ['Купить скотч', true],
    ['Подписать коробки', false],
  ]);
  addCard(trello, done, 'Найти грузчиков');

  await signIn(page, owner);
  await page.goto('/');
  await page.getByRole('button', { name: 'Импорт', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Импорт доски' });
  await dialog.getByTestId('dropzone-input').setInputFiles({
    name: 'trello.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(trello)),
  });
  await expect(dialog.getByText('Trello: «Переезд из Trello», 3 списка, 2 карточки')).toBeVisible();
  await expect(dialog.getByLabel('Название доски')).toHaveValue('Переезд из Trello');

  await dialog.getByRole('button', { name: 'Далее' }).click();
  await expect(dialog.getByRole('heading', { name: 'Участники' })).toBeFocused();
  await dialog
    .getByRole('combobox', { name: 'Анна Петрова' })
    .selectOption({ label: 'Пригласить по адресу' });
  await dialog.getByLabel('E-mail для «Анна Петрова»').fill(anna.email);

  // The job's first read waits until the progress bar has been seen: a board this small is written
  // faster than a screen could show it.
  let release = () => {};
  const seen = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(JOB_READ, async (route) => {
    await seen;
    await route.continue();
  });
  await dialog.getByRole('button', { name: 'Импортировать' }).click();
  await expect(dialog.getByRole('progressbar', { name: 'Импорт доски' })).toBeVisible();
  release();

  const summary = dialog.getByRole('heading', { name: 'Доска «Переезд из Trello» готова' });
  await expect(summary).toBeVisible();
  await expect(summary).toBeFocused();
  await expect(dialog.getByRole('term')).toHaveText([
    'Колонки',
    'Задачи',
    'В архиве',
    'Метки',
    'Чек-листы',
    'Комментарии',
    'Сроки',
    'Приглашены',
  ]);
  await expect(dialog.getByRole('definition')).toHaveText([
    '2',
    '2',
    '1 колонка, 0 задач',
    '0',
    '1 (2 пункта)',
    '0',
    '0',
    anna.email,
  ]);
  // Anna has the invitation to the new board.
  const invitations = await request.get('/api/invite', { headers: authHeaders(anna) });
  expect(
    ((await invitations.json()) as { board: { name: string } }[]).map((item) => item.board.name),
  ).toEqual(['Переезд из Trello']);

  await dialog.getByRole('link', { name: 'Открыть доску' }).click();
  await expect(page).toHaveURL(/\/board\/\d+$/);
  await expect(dialog).toBeHidden();
  await expect(columnNames(page)).toHaveText(['Нужно сделать', 'Готово']);
  await expect(cardTitled(page, 'Собрать коробки')).toBeVisible();
});
