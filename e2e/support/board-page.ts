// Helpers for the board screen: board data through the API (where the UI is not the point) and the
// screen's locators. Cards and columns are found by the ids the board view puts on them
// (data-task-id, data-column-id), then by role and text inside.
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import type { Account } from './accounts';

export type BoardDetail = {
  id: number;
  name: string;
  columnOrder: string[];
  columns: Record<string, { id: string; name: string; taskIds: string[] }>;
  tasks: Record<
    string,
    {
      id: string;
      number: number;
      columnId: string;
      title: string;
      priority: string | null;
      estimation: string;
      labels: number[];
      hasDescription: boolean;
    }
  >;
  labels: { id: number; title: string; color: string }[];
};

export const authHeaders = (account: Account) => ({ authorization: `Bearer ${account.token}` });

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

export async function getBoardDetail(
  request: APIRequestContext,
  account: Account,
  boardId: number,
): Promise<BoardDetail> {
  return json(await request.get(`/api/board/${boardId}`, { headers: authHeaders(account) }));
}

/** What the database holds, column by column in board order, by card title. */
export function titlesByColumn(detail: BoardDetail): Record<string, string[]> {
  return Object.fromEntries(
    detail.columnOrder.map((id) => {
      const column = detail.columns[id] as { name: string; taskIds: string[] };
      return [column.name, column.taskIds.map((taskId) => detail.tasks[taskId]?.title ?? '?')];
    }),
  );
}

/** The id of the column named `name`. */
export function columnIdOf(detail: BoardDetail, name: string): string {
  const id = detail.columnOrder.find((columnId) => detail.columns[columnId]?.name === name);
  if (!id) throw new Error(`No column ${name} on board ${detail.id}`);
  return id;
}

export async function createTask(
  request: APIRequestContext,
  account: Account,
  boardId: number,
  columnId: string,
  title: string,
  extra: { labels?: number[]; priority?: string | null } = {},
): Promise<string> {
  const task = await json<{ id: string }>(
    await request.post('/api/task/create', {
      headers: authHeaders(account),
      data: { boardId, columnId, title, ...extra },
    }),
  );
  return task.id;
}

export async function editTask(
  request: APIRequestContext,
  account: Account,
  boardId: number,
  taskId: string,
  fields: {
    title: string;
    columnId: string;
    description?: string;
    estimation?: string;
    priority?: string | null;
    labels?: number[];
  },
) {
  await json(
    await request.put('/api/task/edit', {
      headers: authHeaders(account),
      data: {
        boardId,
        taskId,
        description: '',
        estimation: '',
        priority: null,
        assignees: [],
        labels: [],
        ...fields,
      },
    }),
  );
}

/** Saves a task as its modal would: the current detail with `change` applied, sent with its version. */
export async function saveTaskChange(
  request: APIRequestContext,
  account: Account,
  boardId: number,
  taskId: string,
  change: { title?: string; description?: string },
) {
  const detail = await json<Record<string, unknown>>(
    await request.get(`/api/task/${boardId}/${taskId}`, { headers: authHeaders(account) }),
  );
  const { title, description, columnId, estimation, priority, assignees, labels, version } = detail;
  await json(
    await request.put('/api/task/edit', {
      headers: authHeaders(account),
      data: {
        boardId,
        taskId,
        title,
        description,
        columnId,
        estimation,
        priority,
        assignees,
        labels,
        version,
        ...change,
      },
    }),
  );
}

export async function createLabel(
  request: APIRequestContext,
  account: Account,
  boardId: number,
  title: string,
  color = '#2e7d32',
): Promise<number> {
  const label = await json<{ id: number }>(
    await request.post(`/api/label/${boardId}`, { headers: authHeaders(account), data: { title, color } }),
  );
  return label.id;
}

export async function getTaskDetail(
  request: APIRequestContext,
  account: Account,
  boardId: number,
  taskId: string,
): Promise<{
  number: number;
  title: string;
  description: string;
  priority: string | null;
  estimation: string;
  labels: number[];
  comments: { text: string }[];
}> {
  return json(await request.get(`/api/task/${boardId}/${taskId}`, { headers: authHeaders(account) }));
}

/** A task's page: `/board/{boardId}/task/{number}`, by the number its card shows (not its id). */
export async function taskPath(
  request: APIRequestContext,
  account: Account,
  boardId: number,
  taskId: string,
): Promise<string> {
  const { number } = await getTaskDetail(request, account, boardId, taskId);
  return `/board/${boardId}/task/${number}`;
}

/**
 * Signs the page in without a round trip through '/': the token is put into localStorage before any
 * script of every page load runs.
 */
export async function useToken(page: Page, account: Account) {
  await page.addInitScript((token) => window.localStorage.setItem('token', token), account.token);
}

/** Opens `path` (a board route) signed in as `account` and waits for the board to be drawn. */
export async function openBoard(page: Page, account: Account, path: string) {
  await useToken(page, account);
  await page.goto(path);
  await expect(boardColumns(page).first()).toBeVisible();
  await dragAndDropAttached(page);
}

/**
 * The columns are drawn first and drag and drop is attached right after, while the browser is idle (it
 * re-renders the cards): the tests act on the board once it is there. Only a first press is kept
 * until then, not the keys that follow it.
 */
export async function dragAndDropAttached(page: Page) {
  await expect(page.locator('[aria-roledescription="колонка"][aria-describedby]').first()).toBeAttached();
}

export const boardColumns = (page: Page) => page.locator('section[data-column-id]');

/** The column named `name`. */
export const columnNamed = (page: Page, name: string) =>
  boardColumns(page).filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });

/** Column names as the board shows them, left to right. */
export const columnNames = (page: Page) => boardColumns(page).getByRole('heading', { level: 2 });

export const cardsIn = (column: Locator) => column.locator('article[data-task-id]');

/** The card titles of a column, top to bottom (the title is the card's link). */
export const cardTitles = (page: Page, columnName: string) =>
  cardsIn(columnNamed(page, columnName)).getByRole('link');

/** Every card title on the board. */
export const allCardTitles = (page: Page) => page.locator('article[data-task-id]').getByRole('link');

/** The card titled `title`. */
export const cardTitled = (page: Page, title: string) =>
  page.locator('article[data-task-id]').filter({ has: page.getByRole('link', { name: title, exact: true }) });

/** A card's focusable drag handle: its title link (described as 'карточка'; Enter opens, Space drags). */
export const cardHandle = (page: Page, title: string) =>
  cardTitled(page, title).locator('[aria-roledescription="карточка"]');

/** The keyboard drag handle of a column: the grip button in its header (described as 'колонка'). */
export const columnHandle = (page: Page, name: string) =>
  columnNamed(page, name).locator('[aria-roledescription="колонка"]');

export const menuButton = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Меню доски' }).getByRole('button', { name: new RegExp(`^${name}`) });

/**
 * Presses the mouse on `from`, moves in small steps to `to` and releases there, as a person drags:
 * the board's pointer sensor starts after 1 px, and collisions are computed on every move.
 */
export async function dragWithMouse(
  page: Page,
  from: Locator,
  to: Locator,
  options: { steps?: number; toPosition?: 'center' | 'top' } = {},
) {
  const source = await from.boundingBox();
  const target = await to.boundingBox();
  if (!source || !target) throw new Error('drag source or target is not on screen');
  const startX = source.x + source.width / 2;
  const startY = source.y + Math.min(source.height / 2, 20);
  const endX = target.x + target.width / 2;
  const endY = options.toPosition === 'top' ? target.y + 10 : target.y + target.height / 2;
  await page.mouse.move(startX, startY);
  await page.mouse.down();
  // A few pixels first, so the drag starts where it was picked up.
  await page.mouse.move(startX + 3, startY + 3, { steps: 3 });
  await page.mouse.move(endX, endY, { steps: options.steps ?? 20 });
  // One more small move over the target lets the collision settle on it before the drop.
  await page.mouse.move(endX + 1, endY + 1, { steps: 2 });
  await page.mouse.up();
}
