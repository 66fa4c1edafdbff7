// 'Экспорт' in the board menu: the board downloads as JSON (everything) and as CSV for Excel.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { registerAccount } from './support/accounts';
import {
  columnIdOf,
  createTask,
  getBoardDetail,
  menuButton,
  openBoard,
  useToken,
} from './support/board-page';
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

test("'Скачать мои данные' in /settings gives a ZIP of the profile and the user's boards", async ({
  page,
  request,
}) => {
  const owner = await registerAccount(request, 'Дина Данные');
  await createBoard(request, owner, 'Личная доска');
  await useToken(page, owner);
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Мои данные' });
  const [zip] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Скачать мои данные' }).click(),
  ]);
  expect(zip.suggestedFilename()).toBe('Мои данные.zip');
  const bytes = await readFile((await zip.path()) as string);
  // A ZIP (PK\x03\x04) naming the profile and the board's file.
  expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  expect(bytes.includes(Buffer.from('profile.json'))).toBe(true);
  expect(bytes.includes(Buffer.from('Личная доска.json'))).toBe(true);
});
