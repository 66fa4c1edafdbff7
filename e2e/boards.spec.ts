import { type Browser, expect, type Page, test } from '@playwright/test';
import { type Account, readOutboxMessage, registerAccount, signIn } from './support/accounts';
import { addMember, boardNames, createBoard, invite } from './support/boards';

async function pageFor(browser: Browser, account: Account): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

const boardLinks = (page: Page) => page.getByRole('list', { name: 'Доски' }).getByRole('link');

test('a visitor sees the landing page and its button leads to /register', async ({ page }) => {
  await page.goto('/');
  const hero = page.getByRole('heading', { name: 'Увеличьте производительность в 100500 раз' });
  await expect(hero).toBeVisible();
  await expect(page.getByText('Таких kanban-досок вы еще не видели')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Наши преимущества' })).toBeVisible();
  for (const title of ['Производительность', 'Безопасность', 'Надежность']) {
    await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
  }
  const heroBox = await page.locator('section', { has: hero }).first().boundingBox();
  expect(Math.round(heroBox?.height ?? 0)).toBe(400);

  await page.getByRole('link', { name: 'Создать свою доску' }).click();
  await expect(page).toHaveURL('/register');
});

test('a user creates a board through the modal, which Escape and the backdrop close', async ({
  page,
  request,
}) => {
  const account = await registerAccount(request, 'Ирина Доскина');
  await signIn(page, account);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Мои доски' })).toBeVisible();
  await expect(page.getByText('У вас пока нет досок')).toBeVisible();

  const dialog = page.getByRole('dialog');
  await page.getByRole('button', { name: 'Создать доску' }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Создать', exact: true }).click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(10, 700);
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Создать доску' }).click();
  await dialog.getByRole('button', { name: 'Создать' }).click();
  await expect(dialog.getByText('Введите название доски')).toBeVisible();
  await dialog.getByLabel('Название').fill('Релиз 2.0');
  await dialog.getByRole('button', { name: 'Создать' }).click();
  await expect(dialog).toBeHidden();

  const link = boardLinks(page).filter({ hasText: 'Релиз 2.0' });
  await expect(link).toBeVisible();
  await expect(page.getByText('У вас пока нет досок')).toHaveCount(0);
  const [boardId] = (await request
    .get('/api/board', { headers: { authorization: `Bearer ${account.token}` } })
    .then((response) => response.json())) as { id: number }[];
  await expect(link).toHaveAttribute('href', `/board/${boardId?.id}`);
});

test('the list view and the sort survive a reload', async ({ page, request }) => {
  const account = await registerAccount(request);
  for (const name of ['Бета', 'Альфа', 'Гамма']) await createBoard(request, account, name);
  await signIn(page, account);
  await page.goto('/');

  await page.getByLabel('Вид').selectOption({ label: 'Список' });
  await page.getByLabel('Сортировка').selectOption({ label: 'По алфавиту' });
  await expect(boardLinks(page)).toHaveText(['Альфа', 'Бета', 'Гамма'].map((name) => new RegExp(name)));

  await page.reload();
  await expect(page.getByLabel('Вид')).toHaveValue('list');
  await expect(page.getByLabel('Сортировка')).toHaveValue('byNameASC');
  await expect(page.locator('ul.boards-list')).toBeVisible();
  await expect(boardLinks(page)).toHaveText(['Альфа', 'Бета', 'Гамма'].map((name) => new RegExp(name)));

  await page.getByLabel('Сортировка').selectOption({ label: 'В обратном по алфавиту порядке' });
  await expect(boardLinks(page)).toHaveText(['Гамма', 'Бета', 'Альфа'].map((name) => new RegExp(name)));
  expect(
    await page.evaluate(() => [localStorage.getItem('mainPageView'), localStorage.getItem('mainPageSort')]),
  ).toEqual(['list', 'byNameDESC']);
});

test('an invitation reaches the open board list and the bell live; its letter opens it highlighted', async ({
  page,
  browser,
  request,
}) => {
  const owner = await registerAccount(request, 'Олег Владелец');
  const guest = await registerAccount(request, 'Галина Гостья');
  const boardId = await createBoard(request, owner, 'Совместный проект');
  const guestPage = await pageFor(browser, guest);
  await guestPage.goto('/');
  await expect(guestPage.getByText('У вас пока нет досок')).toBeVisible();

  await signIn(page, owner);
  await page.goto(`/board/${boardId}`);
  await page.getByRole('button', { name: /Участники/ }).click();
  const members = page.getByRole('dialog', { name: 'Участники' });
  await members.getByLabel('Пригласить по e-mail').fill(guest.email);
  await members.getByRole('button', { name: 'Пригласить' }).click();
  await expect(members.getByRole('list', { name: 'Приглашения' })).toContainText(guest.email);

  // Without a reload: the section appears, and the bell counts the invitation and lists it.
  const invitations = guestPage.getByRole('region', { name: 'Приглашения' });
  await expect(invitations).toContainText('Совместный проект');
  const bell = guestPage.getByRole('button', { name: 'Уведомления, 1 приглашение' });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(
    guestPage.getByRole('list', { name: 'Приглашения' }).getByRole('link', { name: /Совместный проект/ }),
  ).toBeVisible();
  await guestPage.keyboard.press('Escape');

  // The letter's link opens the list with that invitation marked and focused.
  const link = /Открыть приглашение: (\S+)/.exec(readOutboxMessage(guest.email))?.[1];
  expect(link).toMatch(/\/\?invitation=\d+$/);
  await guestPage.goto(new URL(link!).pathname + new URL(link!).search);
  const marked = guestPage.getByRole('listitem').filter({ hasText: 'Совместный проект' });
  await expect(marked).toHaveAttribute('aria-current', 'true');
  await expect(marked).toBeFocused();
  await marked.getByRole('button', { name: 'Принять' }).click();
  await expect(guestPage.getByRole('region', { name: 'Приглашения' })).toHaveCount(0);
  await expect(guestPage.getByRole('button', { name: 'Уведомления' })).toBeVisible();
  await boardLinks(guestPage).filter({ hasText: 'Совместный проект' }).click();
  await expect(guestPage).toHaveURL(`/board/${boardId}`);
  await expect(guestPage).toHaveTitle(/Совместный проект/);
  await guestPage.context().close();
});

test('an invitation can be rejected and the board stays out of the list', async ({ page, request }) => {
  const owner = await registerAccount(request);
  const guest = await registerAccount(request);
  const boardId = await createBoard(request, owner, 'Не моя доска');
  await invite(request, owner, boardId, guest.email);

  await signIn(page, guest);
  await page.goto('/');
  const invitations = page.getByRole('region', { name: 'Приглашения' });
  await expect(invitations).toContainText('Не моя доска');
  await invitations.getByRole('button', { name: 'Отклонить' }).click();
  await expect(page.getByRole('region', { name: 'Приглашения' })).toHaveCount(0);
  await expect(page.getByText('У вас пока нет досок')).toBeVisible();
  expect(await boardNames(request, guest)).toEqual([]);
});

test('a member leaves a board after confirming and can no longer open it', async ({ page, request }) => {
  const owner = await registerAccount(request);
  const member = await registerAccount(request, 'Павел Уходящий');
  const boardId = await createBoard(request, owner, 'Доска для ухода');
  await addMember(request, owner, boardId, member);

  await signIn(page, member);
  await page.goto(`/board/${boardId}`);
  await page.getByRole('button', { name: /Участники/ }).click();
  await page.getByRole('dialog', { name: 'Участники' }).getByRole('button', { name: 'Выйти' }).click();
  await page.getByRole('dialog', { name: 'Выйти из доски?' }).getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL('/');
  await expect(boardLinks(page).filter({ hasText: 'Доска для ухода' })).toHaveCount(0);

  await page.goto(`/board/${boardId}`);
  await expect(page).toHaveURL('/');
});

test('the creator deletes a board after confirmation and is back at /', async ({ page, request }) => {
  const owner = await registerAccount(request);
  const boardId = await createBoard(request, owner, 'Доска на удаление');
  await signIn(page, owner);
  await page.goto(`/board/${boardId}`);
  await page.getByRole('button', { name: 'Доска', exact: true }).click();
  await page.getByRole('button', { name: 'Удалить доску' }).click();
  await page
    .getByRole('dialog', { name: 'Удалить доску?' })
    .getByRole('button', { name: 'Удалить доску' })
    .click();
  await expect(page).toHaveURL('/');
  await expect(page.getByText('У вас пока нет досок')).toBeVisible();
  expect(await boardNames(request, owner)).toEqual([]);
});

test('a user without access to a board is sent to /', async ({ page, request }) => {
  const owner = await registerAccount(request);
  const stranger = await registerAccount(request);
  const boardId = await createBoard(request, owner, 'Чужая доска');
  await signIn(page, stranger);
  await page.goto(`/board/${boardId}`);
  await expect(page).toHaveURL('/');
});
