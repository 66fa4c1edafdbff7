// Reminders and 'Мои задачи' (the due-dates issue): the header's bell counts a due-date reminder as
// it arrives, without a reload, and 'Мои задачи' groups my tasks by their dates.
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { registerAccount } from './support/accounts';
import {
  authHeaders,
  columnIdOf,
  createTask,
  getBoardDetail,
  getTaskDetail,
  taskPath,
  useToken,
} from './support/board-page';
import { createBoard } from './support/boards';

const HOUR = 3600_000;

test('the bell counts a reminder live, and Мои задачи groups my tasks by date', async ({ page, request }) => {
  // The reminder scan runs once a minute, and a date must have stood for a minute first.
  test.setTimeout(180_000);
  const me = await registerAccount(request, 'Рита Напоминаева');
  const userId = (
    (await (await request.get('/api/auth/user', { headers: authHeaders(me) })).json()) as { id: number }
  ).id;
  const boardId = await createBoard(request, me, 'Сроки команды');
  const todo = columnIdOf(await getBoardDetail(request, me, boardId), 'Нужно сделать');
  const due = async (title: string, dueAt: string | null) => {
    const taskId = await createTask(request, me, boardId, todo, title);
    const detail = await getTaskDetail(request, me, boardId, taskId);
    const saved = await request.put('/api/task/edit', {
      headers: authHeaders(me),
      data: { ...detail, boardId, taskId, assignees: [userId], dueAt },
    });
    expect(saved.status()).toBe(200);
    return taskId;
  };
  const soon = await due('Подписать договор', new Date(Date.now() + 20 * HOUR).toISOString());
  await due('Отправить счёт', new Date(Date.now() - 30 * HOUR).toISOString());
  await due('Обновить прайс', new Date(Date.now() + 30 * 24 * HOUR).toISOString());
  await due('Разобрать почту', null);

  await useToken(page, me);
  await page.goto('/');
  const bell = page.getByRole('button', { name: /^Уведомления/ });
  await expect(bell).toHaveAccessibleName('Уведомления');

  // As if the dates had been set some minutes ago: the next scan takes them.
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  try {
    await db.query(
      `update revisions set changed_at = now() - interval '5 minutes'
       where entity = 'task' and board_id = $1`,
      [boardId],
    );
  } finally {
    await db.end();
  }
  await expect(bell).toHaveAccessibleName(/^Уведомления, 2 непрочитанных$/, { timeout: 150_000 });

  await bell.click();
  const list = page
    .getByRole('dialog', { name: 'Уведомления' })
    .or(page.getByRole('region', { name: 'Уведомления' }));
  await expect(list.getByRole('link', { name: /Подписать договор/ })).toBeVisible();
  await list.getByRole('link', { name: /Подписать договор/ }).click();
  // The notification's link carries the task's number on the board, not its id.
  await expect(page).toHaveURL(await taskPath(request, me, boardId, soon));
  await expect(bell).toHaveAccessibleName('Уведомления, 1 непрочитанное');

  await page.goto('/my-tasks');
  const group = (name: string) => page.getByRole('region', { name: new RegExp(`^${name}`) });
  await expect(group('Просрочено')).toContainText('Отправить счёт');
  await expect(group('Позже')).toContainText('Обновить прайс');
  await expect(group('Без срока')).toContainText('Разобрать почту');
  await expect(page.getByRole('link', { name: /Подписать договор/ })).toBeVisible();
});
