// Nothing typed is lost: the task modal saves as you type (Escape, a reload mid-typing, an offline
// reload), an unsent comment waits in its box, and the add forms stay open for the next card or column.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { type Account, registerAccount } from './support/accounts';
import {
  cardTitled,
  cardTitles,
  columnNamed,
  columnNames,
  createTask,
  getTaskDetail,
  openBoard,
  taskPath,
  useToken,
} from './support/board-page';
import { boardSession, DEFAULT_COLUMNS } from './support/board-session';
import { addMember } from './support/boards';

const session = boardSession('Варвара Черновик');

const saveState = (page: Page) => page.getByRole('dialog').getByRole('status', { name: 'Сохранение' });

async function pageOf(browser: Browser, account: Account): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL as string });
  const page = await context.newPage();
  await useToken(page, account);
  return page;
}

test.describe('nothing typed is lost', () => {
  test("a title left with Escape is saved, and shows on another member's board", async ({
    browser,
    page,
  }) => {
    const { boardId, todo } = await session.freshBoard('Escape сохраняет');
    const taskId = await createTask(session.api, session.owner, boardId, todo, 'Старое название');
    const bob = await registerAccount(session.api, 'Борис Смотрящий');
    await addMember(session.api, session.owner, boardId, bob);
    const bobPage = await pageOf(browser, bob);
    await bobPage.goto(`/board/${boardId}`);
    await expect(cardTitled(bobPage, 'Старое название')).toBeVisible();

    await openBoard(page, session.owner, await taskPath(session.api, session.owner, boardId, taskId));
    const dialog = page.getByRole('dialog', { name: /^Задача/ });
    await dialog.getByLabel('Название').fill('Новое название');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    await expect(cardTitled(page, 'Новое название')).toBeVisible();
    await expect(cardTitled(bobPage, 'Новое название')).toBeVisible();
    await cardTitled(page, 'Новое название').getByRole('link').click();
    await expect(dialog.getByLabel('Название')).toHaveValue('Новое название');
    await bobPage.context().close();
  });

  test('a description reloaded mid-typing is there after the reload, and saved', async ({ page }) => {
    const { boardId, todo } = await session.freshBoard('Перезагрузка');
    const taskId = await createTask(session.api, session.owner, boardId, todo, 'Описать задачу');
    await openBoard(page, session.owner, await taskPath(session.api, session.owner, boardId, taskId));
    const dialog = page.getByRole('dialog', { name: /^Задача/ });
    const description = dialog.getByLabel('Описание');
    await expect(description).toHaveValue('');
    // Typed, and the page reloaded before the save's quiet moment came.
    await description.pressSequentially('Шаги воспроизведения');
    await page.reload();

    await expect(description).toHaveValue('Шаги воспроизведения');
    await expect(saveState(page)).toHaveText('Сохранено');
    await expect
      .poll(async () => (await getTaskDetail(session.api, session.owner, boardId, taskId)).description)
      .toBe('Шаги воспроизведения');
  });

  test('an edit made offline survives a reload and is saved once the connection is back', async ({
    page,
  }) => {
    const { boardId, todo } = await session.freshBoard('Без связи');
    const taskId = await createTask(session.api, session.owner, boardId, todo, 'До обрыва');
    const path = await taskPath(session.api, session.owner, boardId, taskId);
    await openBoard(page, session.owner, path);
    const dialog = page.getByRole('dialog', { name: /^Задача/ });
    await expect(dialog.getByLabel('Название')).toHaveValue('До обрыва');

    await page.context().setOffline(true);
    await dialog.getByLabel('Название').fill('Написано без связи');
    await expect(saveState(page)).toContainText('Не сохранено');
    // A reload with no connection shows the browser's error page.
    await page.reload().catch(() => {});
    await page.context().setOffline(false);
    await page.goto(path);

    await expect(dialog.getByLabel('Название')).toHaveValue('Написано без связи');
    await expect
      .poll(async () => (await getTaskDetail(session.api, session.owner, boardId, taskId)).title)
      .toBe('Написано без связи');
    await expect(saveState(page)).toHaveText('Сохранено');
  });

  test('a comment typed and not sent waits in the box when the task opens again', async ({ page }) => {
    const { boardId, todo } = await session.freshBoard('Черновик комментария');
    const taskId = await createTask(session.api, session.owner, boardId, todo, 'Обсудить');
    await openBoard(page, session.owner, await taskPath(session.api, session.owner, boardId, taskId));
    const dialog = page.getByRole('dialog', { name: /^Задача/ });
    await dialog.getByLabel('Новый комментарий').fill('Думаю, стоит отложить');
    await dialog.getByRole('button', { name: 'Готово' }).click();
    await expect(dialog).toHaveCount(0);

    await cardTitled(page, 'Обсудить').getByRole('link').click();
    await expect(dialog.getByLabel('Новый комментарий')).toHaveValue('Думаю, стоит отложить');
    await dialog.getByRole('button', { name: 'Отправить' }).click();
    await expect(dialog.getByRole('region', { name: /Комментарии/ })).toContainText('Думаю, стоит отложить');
    await expect(dialog.getByLabel('Новый комментарий')).toHaveValue('');
    await page.reload();
    await expect(dialog.getByLabel('Новый комментарий')).toHaveValue('');
  });

  test('Enter, Enter, Enter adds three cards and three columns, the form staying open', async ({ page }) => {
    const { boardId } = await session.freshBoard('Быстрый ввод');
    await openBoard(page, session.owner, `/board/${boardId}`);

    const column = columnNamed(page, 'Нужно сделать');
    await column.getByRole('button', { name: '+ Добавить карточку' }).click();
    const title = column.getByLabel('Название карточки');
    for (const name of ['Первая', 'Вторая', 'Третья']) {
      await title.fill(name);
      await title.press('Enter');
    }
    await expect(cardTitles(page, 'Нужно сделать')).toHaveText(['Первая', 'Вторая', 'Третья']);
    await expect(title).toHaveValue('');
    await expect(title).toBeFocused();

    await page.getByRole('button', { name: 'Создать новую колонку' }).click();
    const name = page.getByLabel('Название колонки');
    for (const column of ['Анализ', 'Ревью', 'Релиз']) {
      await name.fill(column);
      await name.press('Enter');
    }
    await expect(columnNames(page)).toHaveText([...DEFAULT_COLUMNS, 'Анализ', 'Ревью', 'Релиз']);
    await expect(name).toHaveValue('');
    await page.reload();
    await expect(columnNames(page)).toHaveText([...DEFAULT_COLUMNS, 'Анализ', 'Ревью', 'Релиз']);
    await session.expectScreenMatchesApi(page, boardId);
  });
});
