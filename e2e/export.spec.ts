// 'Экспорт' in the board menu: the board downloads as JSON (everything) and as CSV for Excel.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { registerAccount } from './support/accounts';
import { columnIdOf, createTask, getBoardDetail, menuButton, openBoard } from './support/board-page';
import { createBoard } from './support/boards';

test('a member downloads the board as JSON and as CSV', async ({ page, request }) => {
  const owner = await registerAccount(request, 'Эля Экспортная');
  const boardId = await createBoard(request, owner, 'Доска на вынос');
  const detail = await getBoardDetail(request, owner, boardId);
  await createTask(request, owner, boardId, columnIdOf(detail, 'Нужно сделать'), 'Забрать с собой');
  await openBoard(page, owner, `/board/${boardId}`);

  await menuButton(page, 'Экспорт').click();
  const dialog = page.getByRole('dialog', { name: 'Экспорт доски' });
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Скачать JSON' }).click(),
  ]);
  expect(json.suggestedFilename()).toBe('Доска на вынос.json');
  const document = JSON.parse(await readFile((await json.path()) as string, 'utf8'));
  expect(document).toMatchObject({ format: 'kanban-board', version: 1, board: { name: 'Доска на вынос' } });
  expect(document.tasks.map((task: { title: string }) => task.title)).toEqual(['Забрать с собой']);

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Скачать CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe('Доска на вынос.csv');
  const text = await readFile((await csv.path()) as string, 'utf8');
  expect(text.startsWith('\uFEFFНомер;Название;')).toBe(true);
  expect(text).toContain('1;Забрать с собой;;Нужно сделать;');
});
