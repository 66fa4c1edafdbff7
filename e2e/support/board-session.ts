/**
 * The set-up the board screen's spec files share: one account per file (registered once, before its
 * tests) and a fresh board per test, seeded through the API where the UI is not the point.
 */
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { type Account, registerAccount } from './accounts';
import { cardTitles, columnIdOf, columnNames, getBoardDetail, titlesByColumn } from './board-page';
import { createBoard } from './boards';

export const DEFAULT_COLUMNS = ['Нужно сделать', 'В работе', 'Готово'];

export interface BoardSession {
  readonly api: APIRequestContext;
  readonly owner: Account;
  /** A fresh board of the file's account with its three default columns; its id and column ids. */
  freshBoard(name: string): Promise<{ boardId: number; todo: string; doing: string; done: string }>;
  /** Every column's card titles on screen equal what the API holds. */
  expectScreenMatchesApi(page: Page, boardId: number): Promise<void>;
}

/** Call at the top of a spec file: registers its account before the file's tests, disposes after. */
export function boardSession(ownerName: string): BoardSession {
  let api: APIRequestContext | undefined;
  let owner: Account | undefined;

  test.beforeAll(async ({ playwright }) => {
    api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL as string });
    owner = await registerAccount(api, ownerName);
  });
  test.afterAll(async () => {
    await api?.dispose();
  });

  const ready = () => {
    if (!api || !owner) throw new Error('boardSession is used before its beforeAll ran');
    return { api, owner };
  };

  return {
    get api() {
      return ready().api;
    },
    get owner() {
      return ready().owner;
    },
    async freshBoard(name) {
      const { api, owner } = ready();
      const boardId = await createBoard(api, owner, name);
      const detail = await getBoardDetail(api, owner, boardId);
      const [todo, doing, done] = DEFAULT_COLUMNS.map((column) => columnIdOf(detail, column)) as [
        string,
        string,
        string,
      ];
      return { boardId, todo, doing, done };
    },
    async expectScreenMatchesApi(page, boardId) {
      const { api, owner } = ready();
      const expected = titlesByColumn(await getBoardDetail(api, owner, boardId));
      await expect(columnNames(page)).toHaveText(Object.keys(expected));
      for (const [name, titles] of Object.entries(expected)) {
        await expect(cardTitles(page, name)).toHaveText(titles);
      }
    },
  };
}

/**
 * Ticks an option of a multi-select: the user clicks the chip (its checkbox is visually hidden and
 * takes no pointer events), and the checkbox inside gets checked.
 */
export async function pickChip(group: Locator, option: string) {
  await group.getByText(option, { exact: true }).click();
  await expect(group.getByRole('checkbox', { name: option, exact: true })).toBeChecked();
}
