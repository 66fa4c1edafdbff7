// Due dates and checklists (the due-dates issue): a date set by keyboard shows as a badge, the
// 'Просрочено' filter from the URL, a checklist ticked by one member shows its progress live on another
// member's page on another instance, and an item becomes a card.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { type Account, registerAccount, signIn } from './support/accounts';
import {
  authHeaders,
  cardTitled,
  createTask,
  getTaskDetail,
  openBoard,
  taskPath,
} from './support/board-page';
import { boardSession } from './support/board-session';
import { addMember } from './support/boards';

const session = boardSession('Дина Срокова');
const secondUrl = () => process.env.E2E_SECOND_URL as string;

/**
 * A page in Moscow time signed in as `account`. The app writes its dates in Russian whatever the
 * browser's language; the browser's own date field takes its keys in the locale's order
 * (en-US: month, day, year; hours as 12-hour with AM/PM).
 */
async function moscowPage(browser: Browser, baseURL: string, account: Account): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'en-US', timezoneId: 'Europe/Moscow' });
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

async function setDue(boardId: number, taskId: string, dueAt: string, dueDone = false) {
  const detail = await getTaskDetail(session.api, session.owner, boardId, taskId);
  const response = await session.api.put('/api/task/edit', {
    headers: authHeaders(session.owner),
    data: { ...detail, boardId, taskId, dueAt, dueDone },
  });
  expect(response.status()).toBe(200);
}

test.describe('due dates', () => {
  test('a due date typed by keyboard in the modal shows as a badge on the card', async ({ browser }) => {
    const { boardId, todo } = await session.freshBoard('Сроки');
    const taskId = await createTask(session.api, session.owner, boardId, todo, 'Сдать отчёт');
    const page = await moscowPage(browser, test.info().project.use.baseURL as string, session.owner);
    await page.goto(await taskPath(session.api, session.owner, boardId, taskId));
    const dialog = page.getByRole('dialog');

    await dialog.getByLabel('Срок', { exact: true }).focus();
    await page.keyboard.type('03152027');
    await dialog.getByLabel('Время', { exact: true }).focus();
    await page.keyboard.type('0200PM');
    await dialog.getByRole('button', { name: 'Готово' }).press('Enter');
    await expect(dialog).toHaveCount(0);

    const card = page.locator(`article[data-task-id="${taskId}"]`);
    await expect(card.getByLabel(/^Срок: 15 марта 2027, 14:00/)).toBeVisible();
    await expect(card).toContainText('15 мар 2027, 14:00');
    const saved = (await getTaskDetail(session.api, session.owner, boardId, taskId)) as { dueAt?: string };
    expect(saved.dueAt).toBe('2027-03-15T11:00:00.000Z');
    await page.context().close();
  });

  test("'Просрочено' in the URL shows only tasks past their date and not ticked", async ({ page }) => {
    const { boardId, todo } = await session.freshBoard('Просроченные');
    const late = await createTask(session.api, session.owner, boardId, todo, 'Опоздавшая');
    const ticked = await createTask(session.api, session.owner, boardId, todo, 'Сделанная вовремя');
    const later = await createTask(session.api, session.owner, boardId, todo, 'На будущее');
    await createTask(session.api, session.owner, boardId, todo, 'Без срока');
    const yesterday = new Date(Date.now() - 24 * 3600_000).toISOString();
    await setDue(boardId, late, yesterday);
    await setDue(boardId, ticked, yesterday, true);
    await setDue(boardId, later, new Date(Date.now() + 10 * 24 * 3600_000).toISOString());

    await openBoard(page, session.owner, `/board/${boardId}?due=overdue`);
    await expect(page.locator('article[data-task-id]')).toHaveCount(1);
    await expect(cardTitled(page, 'Опоздавшая')).toBeVisible();
    await expect(page.locator(`article[data-task-id="${late}"]`).getByLabel(/просрочено/)).toBeVisible();
  });
});

test.describe('checklists', () => {
  test("items ticked in one member's modal show as progress on another's board, and an item becomes a card", async ({
    browser,
  }) => {
    const { boardId, todo } = await session.freshBoard('Чек-листы');
    const taskId = await createTask(session.api, session.owner, boardId, todo, 'Выпустить релиз');
    const colleague = await registerAccount(session.api, 'Коля Коллегин');
    await addMember(session.api, session.owner, boardId, colleague);

    const other = await moscowPage(browser, secondUrl(), colleague);
    await other.goto(`/board/${boardId}`);
    await expect(cardTitled(other, 'Выпустить релиз')).toBeVisible();

    const page = await moscowPage(browser, test.info().project.use.baseURL as string, session.owner);
    await page.goto(await taskPath(session.api, session.owner, boardId, taskId));
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Добавить список' }).click();
    await dialog.getByLabel('Название списка').fill('Перед релизом');
    await dialog.getByLabel('Название списка').press('Enter');
    const list = dialog.getByRole('region', { name: 'Перед релизом' });
    await list.getByRole('button', { name: '+ Добавить пункт' }).click();
    for (const text of ['Собрать сборку', 'Прогнать тесты', 'Написать заметки']) {
      await list.getByLabel('Новый пункт').fill(text);
      await list.getByLabel('Новый пункт').press('Enter');
      await expect(list.getByText(text, { exact: true })).toBeVisible();
    }
    await list.getByRole('checkbox', { name: 'Собрать сборку' }).check();
    await list.getByRole('checkbox', { name: 'Прогнать тесты' }).check();

    const otherCard = other.locator(`article[data-task-id="${taskId}"]`);
    await expect(otherCard.getByLabel('Чек-лист: 2 из 3')).toBeVisible({ timeout: 5000 });
    await expect(otherCard).toContainText('2/3');

    await list.getByRole('button', { name: 'Сделать карточкой пункт «Написать заметки»' }).click();
    await expect(list.getByText('Написать заметки', { exact: true })).toHaveCount(0);
    await expect(cardTitled(other, 'Написать заметки')).toBeVisible({ timeout: 5000 });
    await expect(otherCard.getByLabel('Чек-лист: 2 из 2')).toBeVisible();
    await page.context().close();
    await other.context().close();
  });
});
