import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { type Account, registerAccount, signIn } from './support/accounts';
import { addMember, createBoard } from './support/boards';

type BoardDetail = {
  columnOrder: string[];
  columns: Record<string, { name: string; taskIds: string[] }>;
  tasks: Record<string, { title: string }>;
};

const secondUrl = () => process.env.E2E_SECOND_URL as string;
const auth = (account: Account) => ({ authorization: `Bearer ${account.token}` });

async function pageOn(browser: Browser, baseURL: string, account: Account): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

const column = (page: Page, name: string) =>
  page.locator('section[data-column-id]').filter({ has: page.getByRole('heading', { name, exact: true }) });
const cardTitles = (page: Page, name: string) =>
  column(page, name).locator('article[data-task-id] .bv-card__title');

async function board(request: APIRequestContext, account: Account, boardId: number): Promise<BoardDetail> {
  const response = await request.get(`/api/board/${boardId}`, { headers: auth(account) });
  return (await response.json()) as BoardDetail;
}

/** What the database says each column holds, in order, by title. */
function titlesByColumn(detail: BoardDetail): Record<string, string[]> {
  return Object.fromEntries(
    detail.columnOrder.map((id) => {
      const col = detail.columns[id] as { name: string; taskIds: string[] };
      return [col.name, col.taskIds.map((taskId) => detail.tasks[taskId]?.title ?? '?')];
    }),
  );
}

test('a card added and moved by one user shows up live for another user on another instance', async ({
  browser,
  request,
}) => {
  const owner = await registerAccount(request, 'Алиса Автор');
  const viewer = await registerAccount(request, 'Борис Зритель');
  const boardId = await createBoard(request, owner, 'Живая доска');
  await addMember(request, owner, boardId, viewer);

  const alice = await pageOn(browser, test.info().project.use.baseURL as string, owner);
  const bob = await pageOn(browser, secondUrl(), viewer);
  await alice.goto(`/board/${boardId}`);
  await bob.goto(`/board/${boardId}`);
  await expect(column(bob, 'Нужно сделать')).toBeVisible();

  const todo = column(alice, 'Нужно сделать');
  await todo.getByRole('button', { name: '+ Добавить карточку' }).click();
  await todo.getByLabel('Название карточки').fill('Позвонить заказчику');
  await todo.getByRole('button', { name: 'Добавить' }).click();
  await expect(cardTitles(alice, 'Нужно сделать')).toHaveText(['Позвонить заказчику']);

  await expect(cardTitles(bob, 'Нужно сделать')).toHaveText(['Позвонить заказчику'], { timeout: 3000 });

  const detail = await board(request, owner, boardId);
  const taskId = Object.keys(detail.tasks)[0] as string;
  const doneId = detail.columnOrder.find((id) => detail.columns[id]?.name === 'Готово') as string;
  const moved = await request.put('/api/task/move', {
    headers: auth(owner),
    data: { boardId, taskId, newColumnId: doneId, newColumnTaskIds: [Number(taskId)] },
  });
  expect(moved.status()).toBe(200);
  await expect(cardTitles(alice, 'Готово')).toHaveText(['Позвонить заказчику'], { timeout: 3000 });
  await expect(cardTitles(bob, 'Готово')).toHaveText(['Позвонить заказчику'], { timeout: 3000 });
  await expect(cardTitles(bob, 'Нужно сделать')).toHaveCount(0);

  await alice.context().close();
  await bob.context().close();
});

test('a viewer whose network drops and returns converges to what the database holds', async ({
  browser,
  request,
}) => {
  const owner = await registerAccount(request);
  const viewer = await registerAccount(request);
  const boardId = await createBoard(request, owner, 'Доска со сбоем сети');
  await addMember(request, owner, boardId, viewer);
  const start = await board(request, owner, boardId);
  const [todoId, doingId] = start.columnOrder as [string, string];

  const bob = await pageOn(browser, secondUrl(), viewer);
  await bob.goto(`/board/${boardId}`);
  await expect(column(bob, 'Нужно сделать')).toBeVisible();

  await bob.context().setOffline(true);
  for (const [title, columnId] of [
    ['Пока вы были офлайн', todoId],
    ['И ещё одна', doingId],
  ] as const) {
    const created = await request.post('/api/task/create', {
      headers: auth(owner),
      data: { boardId, title, columnId },
    });
    expect(created.status()).toBe(200);
  }
  const renamed = await request.put(`/api/column/edit/${boardId}/${doingId}`, {
    headers: auth(owner),
    data: { name: 'В процессе' },
  });
  expect(renamed.status()).toBe(200);
  await bob.waitForTimeout(1500);
  await bob.context().setOffline(false);

  const expected = titlesByColumn(await board(request, owner, boardId));
  for (const [name, titles] of Object.entries(expected)) {
    await expect(cardTitles(bob, name)).toHaveText(titles, { timeout: 10_000 });
  }
  await expect(bob.locator('section[data-column-id] h2')).toHaveText(Object.keys(expected));
  await bob.context().close();
});
