// Mentions (the activity, mentions and undo issue): Alice names Bob in a comment, picking him from
// the '@' list with the keyboard; Bob's bell, open on the other API instance, counts it without a
// reload, and its list names Alice and the task. 'Следить' shows and changes what the server keeps.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { type Account, registerAccount, signIn } from './support/accounts';
import { columnIdOf, createTask, getBoardDetail, taskPath } from './support/board-page';
import { addMember, createBoard } from './support/boards';

const secondUrl = () => process.env.E2E_SECOND_URL as string;

async function pageOn(browser: Browser, baseURL: string, account: Account): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

/** Bob's board list on the other API instance, his bell saying nothing yet. */
async function quietBell(browser: Browser, bob: Account) {
  const bobPage = await pageOn(browser, secondUrl(), bob);
  await bobPage.goto('/');
  const bell = bobPage.getByRole('button', { name: /^Уведомления/ });
  await expect(bell).toHaveAccessibleName('Уведомления');
  return { bobPage, bell };
}

test("a mention in a comment lights the other member's bell live", async ({ browser, page, request }) => {
  const alice = await registerAccount(request, 'Алиса Автор');
  const bob = await registerAccount(request, 'Борис Второй');
  const vera = await registerAccount(request, 'Вера Третья');
  const boardId = await createBoard(request, alice, 'Доска упоминаний');
  await addMember(request, alice, boardId, bob);
  await addMember(request, alice, boardId, vera);
  const todo = columnIdOf(await getBoardDetail(request, alice, boardId), 'Нужно сделать');
  const taskId = await createTask(request, alice, boardId, todo, 'Согласовать макет');

  const { bobPage, bell } = await quietBell(browser, bob);

  const alicePage = page;
  await signIn(alicePage, alice);
  await alicePage.goto(await taskPath(request, alice, boardId, taskId));
  const dialog = alicePage.getByRole('dialog', { name: /^Задача/ });
  const box = dialog.getByLabel('Новый комментарий');
  await box.click();
  await box.pressSequentially('Посмотри, пожалуйста, @Бо');
  const suggestions = dialog.getByRole('listbox', { name: 'Участники доски' });
  // Vera's name does not start with 'Бо', and Alice is not offered to herself.
  await expect(suggestions.getByRole('option')).toHaveCount(1);
  await expect(suggestions.getByRole('option', { name: 'Борис Второй' })).toBeVisible();
  await expect(box).toHaveAttribute('aria-controls', (await suggestions.getAttribute('id')) as string);
  await box.press('ArrowDown');
  const chosen = suggestions.getByRole('option', { selected: true });
  await expect(chosen).toHaveAccessibleName('Борис Второй');
  await expect(box).toHaveAttribute('aria-activedescendant', (await chosen.getAttribute('id')) as string);
  await box.press('Enter');
  await expect(suggestions).toHaveCount(0);
  await expect(box).toHaveValue('Посмотри, пожалуйста, @Борис Второй ');
  await box.pressSequentially('— нужен твой взгляд');
  await dialog.getByRole('button', { name: 'Отправить' }).click();
  await expect(box).toHaveValue('');
  await expect(dialog.locator('.bv-mention', { hasText: '@Борис Второй' })).toBeVisible();

  // Bob never reloads: the count arrives over his session socket.
  await expect(bell).toHaveAccessibleName('Уведомления, 1 непрочитанное', { timeout: 10_000 });
  await bell.click();
  const list = bobPage
    .getByRole('dialog', { name: 'Уведомления' })
    .or(bobPage.getByRole('region', { name: 'Уведомления' }));
  const item = list.getByRole('link', { name: /Согласовать макет/ });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Алиса Автор');

  await bobPage.context().close();
});

test('assigning Bob to a card lights his bell live and says who did it', async ({
  browser,
  page,
  request,
}) => {
  const alice = await registerAccount(request, 'Алиса Автор');
  const bob = await registerAccount(request, 'Борис Второй');
  const boardId = await createBoard(request, alice, 'Доска назначений');
  await addMember(request, alice, boardId, bob);
  const todo = columnIdOf(await getBoardDetail(request, alice, boardId), 'Нужно сделать');
  const taskId = await createTask(request, alice, boardId, todo, 'Сверить отчёт');

  const { bobPage, bell } = await quietBell(browser, bob);

  await signIn(page, alice);
  await page.goto(await taskPath(request, alice, boardId, taskId));
  const dialog = page.getByRole('dialog', { name: /^Задача/ });
  await dialog.getByRole('group', { name: 'Исполнители' }).getByText('Борис Второй', { exact: true }).click();

  await expect(bell).toHaveAccessibleName('Уведомления, 1 непрочитанное', { timeout: 10_000 });
  await bell.click();
  const list = bobPage
    .getByRole('dialog', { name: 'Уведомления' })
    .or(bobPage.getByRole('region', { name: 'Уведомления' }));
  const item = list.getByRole('link', { name: /Сверить отчёт/ });
  await expect(item).toContainText('Вас назначили исполнителем «Сверить отчёт» — Алиса Автор');
  await bobPage.context().close();
});

test("'Следить' is the task's watching as the server keeps it", async ({ page, request }) => {
  const alice = await registerAccount(request, 'Алиса Наблюдающая');
  const boardId = await createBoard(request, alice, 'Доска наблюдений');
  const todo = columnIdOf(await getBoardDetail(request, alice, boardId), 'Нужно сделать');
  const taskId = await createTask(request, alice, boardId, todo, 'Проверить отчёт');
  await signIn(page, alice);
  await page.goto(await taskPath(request, alice, boardId, taskId));
  // Its creator watches a task until she stops.
  const toggle = page.getByRole('dialog').getByRole('button', { name: 'Вы следите' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(toggle).toHaveAccessibleDescription('Уведомлять о комментариях, переносах и сроках');
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/task/watch'));
  await toggle.click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Следить' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await page.reload();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Следить' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
});
