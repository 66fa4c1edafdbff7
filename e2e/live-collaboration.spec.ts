// Live collaboration (two users on two API instances): the board follows other people's changes
// from the patches the socket brings, without fetching the board again, and the open task modal
// follows them too without losing what its user is typing.
import { type Browser, expect, type Page, type Request, test } from '@playwright/test';
import { type Account, registerAccount, signIn } from './support/accounts';
import {
  cardTitled,
  columnIdOf,
  createTask,
  getBoardDetail,
  saveTaskChange,
  taskPath,
} from './support/board-page';
import { addMember, createBoard } from './support/boards';

const secondUrl = () => process.env.E2E_SECOND_URL as string;

const subscriptions = new WeakMap<Page, Promise<void>>();

/**
 * Resolves once the page's board subscription is acknowledged (socket.io's ack frame, `43…`). The board
 * can show before that, and a change made in between is caught by a re-fetch on subscribing, not by a
 * patch: the tests that count board requests wait for it.
 */
const watching = (page: Page) => subscriptions.get(page) as Promise<void>;

async function pageOn(browser: Browser, baseURL: string, account: Account): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  subscriptions.set(
    page,
    new Promise((resolve) => {
      page.on('websocket', (socket) =>
        socket.on('framereceived', ({ payload }) => {
          if (String(payload).startsWith('43')) resolve();
        }),
      );
    }),
  );
  await signIn(page, account);
  return page;
}

test.describe('live collaboration', () => {
  let alice: Account;
  let bob: Account;

  test.beforeAll(async ({ request }) => {
    alice = await registerAccount(request, 'Алиса Автор');
    bob = await registerAccount(request, 'Борис Второй');
  });

  async function sharedTask(request: Parameters<typeof registerAccount>[0], title: string) {
    const boardId = await createBoard(request, alice, 'Общая доска');
    await addMember(request, alice, boardId, bob);
    const detail = await getBoardDetail(request, alice, boardId);
    const taskId = await createTask(request, alice, boardId, columnIdOf(detail, 'Нужно сделать'), title);
    return { boardId, taskId };
  }

  test("Alice's edit shows on Bob's board without a board request", async ({ browser, request }) => {
    const { boardId, taskId } = await sharedTask(request, 'Написать план');
    const page = await pageOn(browser, secondUrl(), bob);
    await page.goto(`/board/${boardId}`);
    await expect(cardTitled(page, 'Написать план')).toBeVisible();
    await watching(page);
    const boardRequests: string[] = [];
    page.on('request', (req: Request) => {
      if (/\/api\/board\/\d+/.test(new URL(req.url()).pathname)) boardRequests.push(req.url());
    });

    await saveTaskChange(request, alice, boardId, taskId, { title: 'Написать план на неделю' });
    await expect(cardTitled(page, 'Написать план на неделю')).toBeVisible({ timeout: 3000 });
    expect(boardRequests).toEqual([]);
    await page.context().close();
  });

  test("Bob's open task follows Alice's title, and an edit he made offline asks him on a clash", async ({
    browser,
    request,
  }) => {
    const { boardId, taskId } = await sharedTask(request, 'Подготовить отчёт');
    const page = await pageOn(browser, secondUrl(), bob);
    await page.goto(await taskPath(request, alice, boardId, taskId));
    const dialog = page.getByRole('dialog');
    const saveState = dialog.getByRole('status', { name: 'Сохранение' });
    await expect(dialog.getByLabel('Название')).toHaveValue('Подготовить отчёт');
    await watching(page);
    await dialog.getByLabel('Описание').fill('Первое описание Боба');
    await expect(saveState).toHaveText('Сохранено');

    await saveTaskChange(request, alice, boardId, taskId, { title: 'Подготовить квартальный отчёт' });
    await expect(dialog.getByLabel('Название')).toHaveValue('Подготовить квартальный отчёт', {
      timeout: 3000,
    });
    await expect(dialog.getByLabel('Описание')).toHaveValue('Первое описание Боба');

    // Offline, Bob's edit waits; Alice changes the same field meanwhile.
    await page.context().setOffline(true);
    await dialog.getByLabel('Описание').fill('Мой черновик описания');
    await expect(saveState).toContainText('Не сохранено');
    await saveTaskChange(request, alice, boardId, taskId, { description: 'Описание Алисы' });
    await page.context().setOffline(false);

    // Back online, the save goes by itself and meets Alice's: Bob chooses, and 'Готово' saves it.
    const choice = dialog.getByRole('group', { name: 'Поле «Описание» изменил(а) Алиса Автор' });
    await expect(choice).toBeVisible();
    await expect(choice).toContainText('Описание Алисы');
    await expect(saveState).toHaveText('Не сохранено: выберите значения ниже');
    await choice.getByRole('radio', { name: 'Оставить моё' }).check();
    await dialog.getByRole('button', { name: 'Готово' }).click();
    await expect(dialog).toHaveCount(0);
    const saved = await request.get(`/api/task/${boardId}/${taskId}`, {
      headers: { authorization: `Bearer ${bob.token}` },
    });
    expect(await saved.json()).toMatchObject({
      title: 'Подготовить квартальный отчёт',
      description: 'Мой черновик описания',
    });
    await page.context().close();
  });

  test("a task Alice deletes says 'Задача удалена' in Bob's open modal", async ({ browser, request }) => {
    const { boardId, taskId } = await sharedTask(request, 'Лишняя задача');
    const page = await pageOn(browser, secondUrl(), bob);
    await page.goto(await taskPath(request, alice, boardId, taskId));
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Название')).toHaveValue('Лишняя задача');

    const deleted = await request.delete(`/api/task/delete/${boardId}/${taskId}`, {
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(deleted.status()).toBe(200);
    await expect(dialog.getByRole('alert')).toHaveText('Задача удалена', { timeout: 3000 });
    await expect(dialog.getByRole('button', { name: 'Готово' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await page.context().close();
  });
});
