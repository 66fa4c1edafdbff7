// Board roles: Olga invites Bob as a viewer and Carol as a commenter. Bob reads the board with no add,
// drag or column controls and cannot type into the task; Carol comments; then Olga makes Bob a member
// while his page is open, and his add-card control and drag handles appear without a reload. Bob
// sees Carol on the board (presence) and her open task on its card.
import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';
import { type Account, registerAccount } from './support/accounts';
import {
  authHeaders,
  boardColumns,
  cardTitled,
  columnHandle,
  columnIdOf,
  columnNamed,
  createTask,
  getBoardDetail,
  getTaskDetail,
  taskPath,
  useToken,
} from './support/board-page';
import { createBoard } from './support/boards';

type Role = 'admin' | 'member' | 'commenter' | 'viewer';

/** Invites `member` with `role` and accepts the invitation on their behalf; answers their user id. */
async function addMemberAs(
  request: APIRequestContext,
  owner: Account,
  boardId: number,
  member: Account,
  role: Role,
): Promise<number> {
  const sent = await request.post('/api/invite/send', {
    data: { boardId, email: member.email, role },
    headers: authHeaders(owner),
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const list = await request.get('/api/invite', { headers: authHeaders(member) });
  const invitation = ((await list.json()) as { id: number; board: { id: number } }[]).find(
    (item) => item.board.id === boardId,
  );
  expect(invitation).toBeTruthy();
  const accepted = await request.put(`/api/invite/accept/${invitation?.id}`, {
    headers: authHeaders(member),
  });
  expect(accepted.status()).toBe(200);
  const detail = await request.get(`/api/board/${boardId}`, { headers: authHeaders(owner) });
  const members = ((await detail.json()) as { members: { id: number; email: string; role: Role }[] }).members;
  const added = members.find((item) => item.email === member.email);
  expect(added?.role).toBe(role);
  return added?.id ?? 0;
}

/** A page of its own signed in as `account`, on `path`, once the board's columns are drawn. */
async function pageOf(browser: Browser, account: Account, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await useToken(page, account);
  await page.goto(path);
  await expect(boardColumns(page).first()).toBeVisible();
  return page;
}

test('a viewer only reads, a commenter comments, and a role change reaches the open page live', async ({
  browser,
  request,
}) => {
  const olga = await registerAccount(request, 'Ольга Владелица');
  const bob = await registerAccount(request, 'Борис Наблюдатель');
  const carol = await registerAccount(request, 'Карина Комментатор');
  const boardId = await createBoard(request, olga, 'Доска с ролями');
  const bobId = await addMemberAs(request, olga, boardId, bob, 'viewer');
  await addMemberAs(request, olga, boardId, carol, 'commenter');
  const todo = columnIdOf(await getBoardDetail(request, olga, boardId), 'Нужно сделать');
  const taskId = await createTask(request, olga, boardId, todo, 'Проверить роли');

  // Bob, a viewer: the board and its card, nothing to add, drag or change.
  const bobPage = await pageOf(browser, bob, `/board/${boardId}`);
  await expect(cardTitled(bobPage, 'Проверить роли')).toBeVisible();
  await expect(bobPage.getByText('Наблюдатель: только чтение')).toBeVisible();
  await expect(bobPage.getByRole('button', { name: '+ Добавить карточку' })).toHaveCount(0);
  await expect(bobPage.getByRole('button', { name: /Создать новую колонку/ })).toHaveCount(0);
  await expect(bobPage.getByRole('button', { name: /: изменить$/ })).toHaveCount(0);
  await expect(
    bobPage.locator('[aria-roledescription="колонка"], [aria-roledescription="карточка"]'),
  ).toHaveCount(0);

  // His task is read-only, saying why, and has no comment form.
  await cardTitled(bobPage, 'Проверить роли').getByRole('link').click();
  const bobTask = bobPage.getByRole('dialog', { name: /^Задача/ });
  const title = bobTask.getByLabel('Название');
  await expect(title).toHaveValue('Проверить роли');
  await expect(title).not.toBeEditable();
  await expect(title).toHaveAccessibleDescription(/Недостаточно прав: Наблюдатель только читает доску/);
  await title.click();
  await title.press('End');
  await bobPage.keyboard.type(' — изменено');
  await expect(title).toHaveValue('Проверить роли');
  await expect(bobTask.getByLabel('Приоритет')).toBeDisabled();
  await expect(bobTask.getByRole('button', { name: 'Удалить' })).toHaveCount(0);
  await expect(bobTask.getByLabel('Новый комментарий')).toHaveCount(0);
  await expect(bobTask.getByText('Наблюдатель не может комментировать.')).toBeVisible();
  await expect(bobTask.getByRole('button', { name: 'Следить' })).toBeVisible();
  await bobPage.keyboard.press('Escape');
  await expect(bobTask).toHaveCount(0);

  // Carol, a commenter: she comments, and cannot edit either.
  const carolPage = await pageOf(browser, carol, await taskPath(request, olga, boardId, taskId));
  const carolTask = carolPage.getByRole('dialog', { name: /^Задача/ });
  await expect(carolTask.getByLabel('Название')).not.toBeEditable();
  const box = carolTask.getByLabel('Новый комментарий');
  await box.fill('Роли на месте');
  await carolTask.getByRole('button', { name: 'Отправить' }).click();
  await expect(box).toHaveValue('');
  await expect(carolTask.getByText('Роли на месте')).toBeVisible();
  expect((await getTaskDetail(request, olga, boardId, taskId)).comments.map((item) => item.text)).toEqual([
    'Роли на месте',
  ]);

  // Presence: Bob sees Carol on the board, and her open task on its card.
  await expect(bobPage.getByRole('list', { name: 'Сейчас на доске: Карина Комментатор' })).toBeVisible();
  await expect(
    cardTitled(bobPage, 'Проверить роли').getByRole('img', { name: 'Открыто у: Карина Комментатор' }),
  ).toBeVisible();

  // Olga makes Bob a member while his page is open: his controls appear, with no reload.
  await bobPage.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  const changed = await request.put('/api/member/role', {
    data: { boardId, userId: bobId, role: 'member' },
    headers: authHeaders(olga),
  });
  expect(changed.status()).toBe(200);
  const todoColumn = columnNamed(bobPage, 'Нужно сделать');
  await expect(todoColumn.getByRole('button', { name: '+ Добавить карточку' })).toBeVisible();
  await expect(columnHandle(bobPage, 'Нужно сделать')).toBeAttached();
  await expect(bobPage.getByText('Наблюдатель: только чтение')).toHaveCount(0);
  expect(await bobPage.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
    true,
  );

  // And the member adds a card.
  await todoColumn.getByRole('button', { name: '+ Добавить карточку' }).click();
  await todoColumn.getByLabel('Название карточки').fill('Карточка Бориса');
  await todoColumn.getByLabel('Название карточки').press('Enter');
  await expect(cardTitled(bobPage, 'Карточка Бориса')).toBeVisible();

  await bobPage.context().close();
  await carolPage.context().close();
});
