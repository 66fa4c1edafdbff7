// Activity (the activity issue, first slice): 'История' in the task modal lists the task's edits,
// newest first, and the board's 'Активность' shows another member's change live.
import { expect, test } from '@playwright/test';
import { cardTitled, createTask, openBoard, saveTaskChange, taskPath } from './support/board-page';
import { boardSession } from './support/board-session';

const session = boardSession('Ира Историева');

test("'История' lists a task's edits, newest first", async ({ page }) => {
  const { boardId, todo } = await session.freshBoard('История');
  const taskId = await createTask(session.api, session.owner, boardId, todo, 'Черновик');
  await saveTaskChange(session.api, session.owner, boardId, taskId, { title: 'Первая правка' });
  await saveTaskChange(session.api, session.owner, boardId, taskId, { description: 'Подробности' });

  await openBoard(page, session.owner, await taskPath(session.api, session.owner, boardId, taskId));
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'История' }).click();
  const items = dialog.getByRole('list', { name: 'История задачи' }).getByRole('listitem');
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText('Описание: изменено');
  await expect(items.nth(1)).toContainText('Название: «Черновик» → «Первая правка»');
  await expect(items.nth(2)).toContainText('Ира Историева');

  // A change made meanwhile arrives with its patch.
  await saveTaskChange(session.api, session.owner, boardId, taskId, { title: 'Вторая правка' });
  await expect(items).toHaveCount(4);
  await expect(items.nth(0)).toContainText('«Первая правка» → «Вторая правка»');
  await page.keyboard.press('Escape');
  await expect(cardTitled(page, 'Вторая правка')).toBeVisible();
});
